"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { LogOutIcon, UserRoundIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { firstNameOf, useSessionUser, type SessionUser, signOut } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** The right side of the header: spinner while the session loads, Join, or welcome + logout. */
export function HeaderAccount() {
  const t = useTranslations("header");
  const { status, user } = useSessionUser();
  const authDialog = useAuthDialog();

  if (status === "loading") {
    return (
      <div className="flex h-9 w-9 items-center justify-center" data-testid="header-session-loading">
        <Spinner label={t("loadingSession")} className="size-5" />
      </div>
    );
  }

  if (!user) {
    return (
      <Button onClick={() => authDialog.open("login")} data-testid="header-join" className="h-9 rounded-full px-4">
        <UserRoundIcon aria-hidden="true" className="hidden sm:block" />
        {t("join")}
      </Button>
    );
  }

  const firstName = firstNameOf(user.name);
  return (
    <div className="flex items-center gap-1">
      <Link
        href="/dashboard"
        data-testid="header-welcome"
        aria-label={t("welcomeLabel", { name: firstName })}
        title={t("dashboard")}
        className="flex h-9 items-center gap-2 rounded-full pr-1 pl-0.5 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none xl:pr-3"
      >
        <Avatar user={user} />
        <span className="hidden text-sm font-medium xl:inline">{t("welcome", { name: firstName })}</span>
      </Link>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => signOut({ callbackUrl: "/" })}
        data-testid="header-logout"
        aria-label={t("logout")}
        title={t("logout")}
        className="size-9 text-foreground/75"
      >
        <LogOutIcon aria-hidden="true" className="size-5" />
      </Button>
    </div>
  );
}

function Avatar({ user, className }: { user: SessionUser; className?: string }) {
  const initial = firstNameOf(user.name).charAt(0).toUpperCase() || "?";
  return (
    <span
      aria-hidden="true"
      // The initial is drawn by CSS so the link's text stays exactly the welcome line.
      data-initial={user.image ? undefined : initial}
      className={cn(
        "flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-sm font-semibold text-secondary-foreground ring-1 ring-border",
        !user.image && "before:content-[attr(data-initial)]",
        className,
      )}
    >
      {user.image ? (
        // Uploaded profile images are served by our own storage route; next/image adds nothing here.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={user.image} alt="" className="size-full object-cover" />
      ) : null}
    </span>
  );
}
