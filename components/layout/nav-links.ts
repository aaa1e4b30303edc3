/**
 * The header's links. Their icons are in ./nav-icons.ts, imported only by what draws them
 * (the signed-in icon links and the mobile menu, both loaded on demand), so the icons do
 * not ship with every page (the JavaScript budget, docs/performance.md).
 */
export type NavLink = {
  href: string;
  /** Key in the `header.nav` messages. */
  key: "browse" | "categories" | "sell" | "messages" | "cart" | "orders" | "wishlist" | "support";
  /** Shown only to signed-in users. */
  requiresLogin: boolean;
};

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/browse", key: "browse", requiresLogin: false },
  { href: "/categories", key: "categories", requiresLogin: false },
  { href: "/sell", key: "sell", requiresLogin: true },
  { href: "/messages", key: "messages", requiresLogin: true },
  { href: "/cart", key: "cart", requiresLogin: true },
  { href: "/orders", key: "orders", requiresLogin: true },
  { href: "/wishlist", key: "wishlist", requiresLogin: true },
  // Support in the menu (the desktop bar's icons and the phone menu).
  { href: "/support", key: "support", requiresLogin: true },
];

/** Links shown as text in the desktop bar; the rest appear there as icons. */
export const TEXT_LINK_KEYS: ReadonlySet<NavLink["key"]> = new Set(["browse", "categories", "sell", "orders"]);

export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
