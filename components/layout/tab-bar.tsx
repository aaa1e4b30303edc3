"use client";

/**
 * The phone's tab bar (the habit of Vinted and Marktplaats): Zoeken,
 * Favorieten, Verkopen, Berichten (with the unread count) and Profiel, fixed at the
 * bottom for signed-in users below the desktop breakpoint. Its code (icons, the count,
 * the live stream) loads only for a signed-in user; visitors get nothing.
 */
import * as React from "react";
import { useSessionUser } from "@/components/auth/use-session-user";

const TabBarLinks = React.lazy(() => import("./tab-bar-links"));

export function TabBar() {
  const { status } = useSessionUser();
  if (status !== "authenticated") return null;
  return (
    <>
      {/* Keeps the end of the page (the footer) clear of the fixed bar. */}
      <div aria-hidden="true" className="h-[calc(4rem+env(safe-area-inset-bottom))] lg:hidden" />
      <React.Suspense fallback={null}>
        <TabBarLinks />
      </React.Suspense>
    </>
  );
}
