"use client";

/**
 * The header's signed-in parts, loaded once the session says signed in (one chunk, not
 * on a visitor's first load): the icon links for messages, wishlist and cart (md and up)
 * with the cart's count, for ./header-nav.tsx, and the welcome link with the avatar and
 * the logout button, for ./header-account.tsx.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { LogOutIcon, ShieldCheckIcon } from "lucide-react";
import { firstNameOf, useSessionUser, type SessionUser, signOut } from "@/components/auth/use-session-user";
import { useCartCount } from "@/components/cart/use-cart-count";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";
import { NAV_ICONS } from "./nav-icons";
import { NAV_LINKS, TEXT_LINK_KEYS, isActivePath, type NavLink } from "./nav-links";

/**
 * Icon links: by default messages, wishlist and cart (the desktop bar); `keys` picks
 * others (on phones, cart and orders beside the tab bar, ./tab-bar.tsx). `quick`: the
 * phone's set, with a label and test id of its own (both sets are in the page, one shown).
 */
export function HeaderIconLinks({ className, keys, quick = false }: { className?: string; keys?: readonly NavLink["key"][]; quick?: boolean }) {
  const t = useTranslations("header");
  const pathname = usePathname();
  const { status } = useSessionUser();
  const cartCount = useCartCount(status === "authenticated");
  if (status !== "authenticated") return null;
  const links = keys
    ? keys.map((key) => NAV_LINKS.find((link) => link.key === key)!)
    : NAV_LINKS.filter((link) => link.requiresLogin && !TEXT_LINK_KEYS.has(link.key));
  return (
    <nav aria-label={t(quick ? "quickNav" : "accountNav")} className={className}>
      <ul className="flex items-center gap-0.5">
        {links.map((link) => {
          const Icon = NAV_ICONS[link.key];
          const active = isActivePath(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-label={
                  link.key === "cart" && cartCount ? t("cartWithCount", { count: cartCount }) : t(`nav.${link.key}`)
                }
                title={t(`nav.${link.key}`)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "relative inline-flex size-9 items-center justify-center rounded-md transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
                  active ? "text-primary" : "text-foreground/75",
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                {link.key === "cart" && cartCount ? (
                  <span
                    data-testid={quick ? "header-quick-cart-count" : "header-cart-count"}
                    aria-hidden="true"
                    className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground"
                  >
                    {cartCount > 9 ? "9+" : cartCount}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * Welcome link to the dashboard, with the avatar, and the logout button; for admins a
 * link to /admin first (from lg up; on phones it is in the menu, ./mobile-menu-sheet.tsx).
 */
export function HeaderAccountLinks({ user }: { user: SessionUser }) {
  const t = useTranslations("header");
  const pathname = usePathname();
  const firstName = firstNameOf(user.name);
  return (
    <div className="flex items-center gap-1">
      {user.isAdmin ? (
        <Link
          href="/admin"
          data-testid="header-admin"
          aria-current={isActivePath(pathname, "/admin") ? "page" : undefined}
          className="hidden h-9 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-foreground/75 transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none aria-[current=page]:text-primary lg:inline-flex"
        >
          <ShieldCheckIcon aria-hidden="true" className="size-5" />
          {t("admin")}
        </Link>
      ) : null}
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
      {/* On phones and tablets logging out is in the profile, with a confirmation
          (./logout-button.tsx): not a one-tap icon beside the avatar. */}
      <Button
        variant="ghost"
        size="icon"
        onClick={() => signOut({ callbackUrl: "/" })}
        data-testid="header-logout"
        aria-label={t("logout")}
        title={t("logout")}
        className="hidden size-9 text-foreground/75 lg:inline-flex"
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
