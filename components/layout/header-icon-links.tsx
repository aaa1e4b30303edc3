"use client";

/**
 * The header's icon links for messages, wishlist and cart (signed in, md and up), with
 * the cart's count. Loaded by ./header-nav.tsx once the session says signed in.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useSessionUser } from "@/components/auth/use-session-user";
import { useCartCount } from "@/components/cart/use-cart-count";
import { cn } from "@/lib/utils";
import { NAV_ICONS } from "./nav-icons";
import { NAV_LINKS, TEXT_LINK_KEYS, isActivePath } from "./nav-links";

export default function HeaderIconLinks({ className }: { className?: string }) {
  const t = useTranslations("header");
  const pathname = usePathname();
  const { status } = useSessionUser();
  const cartCount = useCartCount(status === "authenticated");
  if (status !== "authenticated") return null;
  const links = NAV_LINKS.filter((link) => link.requiresLogin && !TEXT_LINK_KEYS.has(link.key));
  return (
    <nav aria-label={t("accountNav")} className={className}>
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
                    data-testid="header-cart-count"
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
