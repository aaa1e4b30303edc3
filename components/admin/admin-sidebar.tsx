"use client";

/**
 * The admin sidebar: the admin pages, Back to Site and Logout. On a phone it is a
 * horizontal, scrollable strip above the page.
 */
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
  "flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

export function AdminSidebar() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="md:w-56 md:shrink-0" data-testid="admin-sidebar">
      <p className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase md:block">{t("title")}</p>
      <ul className="flex gap-1 overflow-x-auto pb-2 md:flex-col md:overflow-visible md:pb-0">
        {LINKS.map(({ href, key, icon: Icon }) => {
          const active = href === "/admin" ? pathname === href : pathname.startsWith(href);
          return (
            <li key={href}>
              <Link href={href} aria-current={active ? "page" : undefined} className={cn(item, active && "bg-primary/10 text-primary")}>
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
