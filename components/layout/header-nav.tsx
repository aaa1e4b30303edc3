"use client";

import * as React from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useSessionUser } from "@/components/auth/use-session-user";
import { NAV_LINKS, TEXT_LINK_KEYS, isActivePath, type NavLink } from "./nav-links";

// Plain strings, no cn(): nothing here conflicts, and tailwind-merge's first call builds
// its whole class map, a long task on a phone while the page hydrates.
const LINK_CLASSES =
  "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

/** Desktop text links (browse, categories, and sell and orders when logged in). */
export function HeaderNav({ className }: { className?: string }) {
  const t = useTranslations("header");
  const pathname = usePathname();
  const { status } = useSessionUser();
  const links = NAV_LINKS.filter(
    (link) => TEXT_LINK_KEYS.has(link.key) && (!link.requiresLogin || status === "authenticated"),
  );
  return (
    <nav aria-label={t("mainNav")} className={className}>
      <ul className="flex items-center gap-1">
        {links.map((link) => {
          const active = isActivePath(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? "page" : undefined}
                className={`${LINK_CLASSES} ${active ? "text-primary" : "text-foreground/80"}`}
              >
                {t(`nav.${link.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The signed-in icon links' code (icons, cart count) loads only for a signed-in user. */
const IconLinks = React.lazy(() => import("./header-signed-in").then((module) => ({ default: module.HeaderIconLinks })));

/** Icon links for messages, wishlist and cart (logged in), or the `keys` given. */
export function HeaderIconLinks(props: { className?: string; keys?: readonly NavLink["key"][]; quick?: boolean }) {
  const { status } = useSessionUser();
  if (status !== "authenticated") return null;
  return (
    <React.Suspense fallback={null}>
      <IconLinks {...props} />
    </React.Suspense>
  );
}
