import {
  CirclePlusIcon,
  HeartIcon,
  LayoutGridIcon,
  MessageCircleIcon,
  PackageIcon,
  SearchIcon,
  ShoppingCartIcon,
  type LucideIcon,
} from "lucide-react";

export type NavLink = {
  href: string;
  /** Key in the `header.nav` messages. */
  key: "browse" | "categories" | "sell" | "messages" | "cart" | "orders" | "wishlist";
  icon: LucideIcon;
  /** Shown only to signed-in users (SPEC "Header"). */
  requiresLogin: boolean;
};

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/browse", key: "browse", icon: SearchIcon, requiresLogin: false },
  { href: "/categories", key: "categories", icon: LayoutGridIcon, requiresLogin: false },
  { href: "/sell", key: "sell", icon: CirclePlusIcon, requiresLogin: true },
  { href: "/messages", key: "messages", icon: MessageCircleIcon, requiresLogin: true },
  { href: "/cart", key: "cart", icon: ShoppingCartIcon, requiresLogin: true },
  { href: "/orders", key: "orders", icon: PackageIcon, requiresLogin: true },
  { href: "/wishlist", key: "wishlist", icon: HeartIcon, requiresLogin: true },
];

/** Links shown as text in the desktop bar; the rest appear there as icons. */
export const TEXT_LINK_KEYS: ReadonlySet<NavLink["key"]> = new Set(["browse", "categories", "sell", "orders"]);

export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
