"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { UserRoundIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** The signed-in user's welcome link and logout: their code loads only for a signed-in user. */
const HeaderAccountLinks = React.lazy(() =>
  import("./header-signed-in").then((module) => ({ default: module.HeaderAccountLinks })),
);

/** The right side of the header: spinner while the session loads, Join, or welcome + logout. */
export function HeaderAccount() {
  const t = useTranslations("header");
  const { status, user } = useSessionUser();
  const authDialog = useAuthDialog();

  // Also while a signed-in user's part of the header loads.
  const loading = (
    <div className="flex h-9 w-9 items-center justify-center" data-testid="header-session-loading">
      <Spinner label={t("loadingSession")} className="size-5" />
    </div>
  );
  if (status === "loading") return loading;

  if (!user) {
    return (
      <Button onClick={() => authDialog.open("login")} data-testid="header-join" className="h-9 rounded-full px-4">
        <UserRoundIcon aria-hidden="true" className="hidden sm:block" />
        {t("join")}
      </Button>
    );
  }

  return (
    <React.Suspense fallback={loading}>
      <HeaderAccountLinks user={user} />
    </React.Suspense>
  );
}
