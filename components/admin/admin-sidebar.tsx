"use client";

/**
 * The admin sidebar: the admin pages, Back to Site and Logout. On a phone it is a
 * horizontal strip above the page that scrolls sideways (snapping per item, 44 px
 * high touch targets) and starts with the current page in view.
 */
import { useEffect, useRef } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { signOut } from "@/components/auth/use-session-user";
import {
  ArrowLeftIcon,
  FlagIcon,
  GavelIcon,
  GaugeIcon,
  LifeBuoyIcon,
  LogOutIcon,
  PackageIcon,
  ScaleIcon,
  ScrollTextIcon,
  UsersIcon,
} from "lucide-react";
import { cn } from "@/lib/platform/utils";

const LINKS = [
  { href: "/admin", key: "dashboard", icon: GaugeIcon },
  { href: "/admin/users", key: "users", icon: UsersIcon },
  { href: "/admin/products", key: "products", icon: PackageIcon },
  { href: "/admin/tickets", key: "tickets", icon: LifeBuoyIcon },
  { href: "/admin/disputes", key: "disputes", icon: ScaleIcon },
  { href: "/admin/reports", key: "reports", icon: FlagIcon },
  { href: "/admin/appeals", key: "appeals", icon: GavelIcon },
  { href: "/admin/audit", key: "audit", icon: ScrollTextIcon },
] as const;

const item =
  "flex min-h-11 shrink-0 snap-start items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none max-md:border md:min-h-0";

export function AdminSidebar() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  const list = useRef<HTMLUListElement>(null);
  // On the phone's strip, the current page is in view (not hidden off to the right).
  useEffect(() => {
    const strip = list.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = Math.max(0, current.offsetLeft - strip.offsetLeft - 16);
  }, [pathname]);
  return (
    <nav aria-label={t("label")} className="md:w-56 md:shrink-0" data-testid="admin-sidebar">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:block">{t("title")}</p>
      <ul ref={list} className="-mx-4 flex snap-x gap-2 overflow-x-auto scroll-px-4 px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:flex-col md:gap-1 md:overflow-visible md:px-0 md:pb-0" data-testid="admin-nav-list">
        {LINKS.map(({ href, key, icon: Icon }) => {
          const active = href === "/admin" ? pathname === href : pathname.startsWith(href);
          return (
            <li key={href}>
              <Link href={href} aria-current={active ? "page" : undefined} className={cn(item, active && "border-primary/40 bg-primary/10 text-primary")}>
                <Icon aria-hidden="true" className="size-4" />
                {t(key)}
              </Link>
            </li>
          );
        })}
        <li className="md:mt-4 md:border-t md:pt-4">
          <Link href="/" className={item}>
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
            {t("backToSite")}
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => signOut({ callbackUrl: "/" })} className={cn(item, "w-full")} data-testid="admin-logout">
            <LogOutIcon aria-hidden="true" className="size-4" />
            {t("logout")}
          </button>
        </li>
      </ul>
    </nav>
  );
}
