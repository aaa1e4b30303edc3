"use client";

import * as React from "react";
import { BellIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";

export { badgeText } from "./badge";

/** The bell's code (popover, live stream, list) loads only for a signed-in user. */
const BellMenu = React.lazy(() => import("./bell-menu"));

/** The header's bell: unread badge, the 10 latest when opened, mark all read, view all. */
export function NotificationBell() {
  const { user } = useSessionUser();
  if (!user) return null;
  return (
    <React.Suspense fallback={<BellPlaceholder />}>
      <BellMenu />
    </React.Suspense>
  );
}

/** Holds the bell's place while its code loads. */
function BellPlaceholder() {
  return (
    <span aria-hidden="true" className="inline-flex size-9 items-center justify-center text-foreground/75">
      <BellIcon className="size-5" />
    </span>
  );
}
