"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import { LayoutDashboardIcon, ShieldCheckIcon, XIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { DialogOverlay } from "@/components/ui/dialog";
import { cn } from "@/lib/platform/utils";
import { LanguageSwitcher } from "./language-switcher";
import { HelpMenuItems, VisitorAccountButtons, VisitorSellLink } from "./mobile-menu-extras";
import { Logo } from "./logo";
import { NAV_ICONS } from "./nav-icons";
import { NAV_LINKS, isActivePath } from "./nav-links";

/**
 * The navigation sheet for small screens (loaded by ./mobile-menu.tsx on the first
 * tap of the menu button): slides in from the right; closing gives focus back to the
 * button, unless the sheet handed over to another dialog (log in) or to the install
 * banner. A visitor gets log in, create an account and sell; everyone how it works,
 * the FAQ and, where the browser can, "Install the app" (./mobile-menu-extras.tsx).
 */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  const t = useTranslations("header");
  const pathname = usePathname();
  const { status, user } = useSessionUser();
  const setOpen = onOpenChange;
  const links = NAV_LINKS.filter((link) => !link.requiresLogin || status === "authenticated");
  const visitor = status === "unauthenticated";
  // Closing to open another dialog or the install banner: focus goes there, not back to the button.
  const handedOff = React.useRef(false);
  const handOff = () => {
    handedOff.current = true;
    setOpen(false);
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!handedOff.current) returnFocus();
            handedOff.current = false;
          }}
          data-testid="mobile-menu"
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-4 border-l bg-background p-4 shadow-xl outline-none data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title asChild>
              <span>
                <Logo />
                <span className="sr-only"> – {t("menu")}</span>
              </span>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t("closeMenu")} className="size-9">
                <XIcon aria-hidden="true" className="size-5" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">{t("menuDescription")}</DialogPrimitive.Description>
          {visitor ? <VisitorAccountButtons handOff={handOff} /> : null}
          <nav aria-label={t("mainNav")} className="grid gap-3 overflow-y-auto">
            <ul className="grid gap-1">
              {links.map((link) => {
                const Icon = NAV_ICONS[link.key];
                const active = isActivePath(pathname, link.href);
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      onClick={() => setOpen(false)}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex h-11 items-center gap-3 rounded-md px-3 text-base font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
                        active ? "bg-secondary text-secondary-foreground" : "text-foreground",
                      )}
                    >
                      <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
                      {t(`nav.${link.key}`)}
                    </Link>
                  </li>
                );
              })}
              {visitor ? <VisitorSellLink pathname={pathname} onNavigate={() => setOpen(false)} /> : null}
              {status === "authenticated" ? (
                <li>
                  <Link
                    href="/dashboard"
                    onClick={() => setOpen(false)}
                    aria-current={isActivePath(pathname, "/dashboard") ? "page" : undefined}
                    className="flex h-11 items-center gap-3 rounded-md px-3 text-base font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                  >
                    <LayoutDashboardIcon aria-hidden="true" className="size-5 text-muted-foreground" />
                    {t("dashboard")}
                  </Link>
                </li>
              ) : null}
              {/* Admins only (the server guards /admin itself: app/[locale]/admin/layout.tsx). */}
              {user?.isAdmin ? (
                <li>
                  <Link
                    href="/admin"
                    onClick={() => setOpen(false)}
                    aria-current={isActivePath(pathname, "/admin") ? "page" : undefined}
                    className="flex h-11 items-center gap-3 rounded-md px-3 text-base font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
                    data-testid="mobile-admin-link"
                  >
                    <ShieldCheckIcon aria-hidden="true" className="size-5 text-muted-foreground" />
                    {t("admin")}
                  </Link>
                </li>
              ) : null}
            </ul>
            <HelpMenuItems pathname={pathname} onNavigate={() => setOpen(false)} onInstall={handOff} />
          </nav>
          <div className="mt-auto flex items-center justify-between border-t pt-4 sm:hidden">
            <span className="text-sm font-medium text-muted-foreground">{t("language")}</span>
            <LanguageSwitcher testId="mobile-language-switcher" />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
