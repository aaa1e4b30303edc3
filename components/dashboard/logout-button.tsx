"use client";

/**
 * Logging out from the profile: on phones this is the way out (the header has
 * no one-tap logout there), and it asks first. The dialog's code loads on the first tap.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { LogOutIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

const LogoutDialog = React.lazy(() => import("./logout-dialog"));

export function LogoutButton() {
  const t = useTranslations("logout");
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);
  return (
    <>
      <Button
        variant="outline"
        data-testid="profile-logout"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <LogOutIcon aria-hidden="true" />
        {t("button")}
      </Button>
      {loaded ? (
        <React.Suspense fallback={null}>
          <LogoutDialog open={open} onOpenChange={setOpen} />
        </React.Suspense>
      ) : null}
    </>
  );
}
