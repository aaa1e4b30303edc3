"use client";

/**
 * The phone menu's entries beyond the header's links (./mobile-menu-sheet.tsx): for a
 * visitor, log in, create an account and sell (a visitor's /sell asks to log in first,
 * then opens the sell form); for everyone, how it works, the FAQ, and "Install the app"
 * while the browser can install it (the install banner of components/pwa).
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { CirclePlusIcon, CircleHelpIcon, DownloadIcon, LightbulbIcon, LogInIcon, UserPlusIcon, type LucideIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { openInstallPrompt, useInstallAvailable } from "@/components/pwa/install-prompt";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";
import { isActivePath } from "./nav-links";

const MENU_ITEM =
  "flex h-11 w-full items-center gap-3 rounded-md px-3 text-left text-base font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

function MenuLink({ href, icon: Icon, label, pathname, onNavigate, testId }: { href: string; icon: LucideIcon; label: string; pathname: string; onNavigate: () => void; testId: string }) {
  const active = isActivePath(pathname, href);
  return (
    <li>
      <Link href={href} onClick={onNavigate} aria-current={active ? "page" : undefined} className={cn(MENU_ITEM, active ? "bg-secondary text-secondary-foreground" : "text-foreground")} data-testid={testId}>
        <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
        {label}
      </Link>
    </li>
  );
}

/** Log in and create an account, as buttons that open the login dialog in place of the sheet. */
export function VisitorAccountButtons({ handOff }: { handOff: () => void }) {
  const t = useTranslations("header");
  const authDialog = useAuthDialog();
  const open = (tab: "login" | "register") => {
    handOff();
    authDialog.open(tab);
  };
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="mobile-visitor-account">
      <Button onClick={() => open("login")} data-testid="mobile-login">
        <LogInIcon aria-hidden="true" />
        {t("login")}
      </Button>
      <Button variant="outline" onClick={() => open("register")} data-testid="mobile-register">
        <UserPlusIcon aria-hidden="true" />
        {t("register")}
      </Button>
    </div>
  );
}

/** Sell (visitors only: signed-in users have it among the header's links). */
export function VisitorSellLink({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const t = useTranslations("header");
  return <MenuLink href="/sell" icon={CirclePlusIcon} label={t("nav.sell")} pathname={pathname} onNavigate={onNavigate} testId="mobile-sell" />;
}

/** How it works, the FAQ, and the install entry. */
export function HelpMenuItems({ pathname, onNavigate, onInstall }: { pathname: string; onNavigate: () => void; onInstall: () => void }) {
  const t = useTranslations("header");
  const installable = useInstallAvailable();
  return (
    <ul className="grid gap-1 border-t pt-3" aria-label={t("helpNav")}>
      <MenuLink href="/how-it-works" icon={LightbulbIcon} label={t("howItWorks")} pathname={pathname} onNavigate={onNavigate} testId="mobile-how-it-works" />
      <MenuLink href="/faq" icon={CircleHelpIcon} label={t("faq")} pathname={pathname} onNavigate={onNavigate} testId="mobile-faq" />
      {installable ? (
        <li>
          <button
            type="button"
            className={cn(MENU_ITEM, "text-foreground")}
            onClick={() => {
              onInstall();
              openInstallPrompt();
            }}
            data-testid="mobile-install"
          >
            <DownloadIcon aria-hidden="true" className="size-5 text-muted-foreground" />
            {t("install")}
          </button>
        </li>
      ) : null}
    </ul>
  );
}
