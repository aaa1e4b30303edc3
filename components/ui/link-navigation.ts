/**
 * When our Link (components/ui/link.tsx) hands a click to the app router and when it
 * leaves it to the browser: pure functions, so tests/unit/link-navigation.test.ts can
 * check every case without a browser.
 */

/** What of a click event decides who handles it. */
export type LinkClick = {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
};

/** The anchor's own attributes that send a click elsewhere: `target`, `download`. */
export type LinkAnchor = { target: string | null; download: boolean };

/**
 * Whether `href` is a page the app router should load, seen from the page at `here`
 * (`location.href`): same origin (so http(s); `mailto:`, `tel:` and other sites are the
 * browser's), and not a jump within the current page (only the hash differs from the
 * current path and query: the browser scrolls to it and moves the focus there, as it
 * does for `#main`).
 */
export function isRouterHref(href: string, here: string): boolean {
  let url: URL;
  let current: URL;
  try {
    current = new URL(here);
    url = new URL(href, current);
  } catch {
    return false;
  }
  if (url.origin !== current.origin) return false;
  return !(url.hash && url.pathname === current.pathname && url.search === current.search);
}

/**
 * Whether a click on a link to `href` is a soft navigation (the router's `push`, no new
 * document): a plain left click that the link's own `onClick` did not cancel, without a
 * modifier key (new tab, new window, download), on a link without another `target`
 * or `download`, to a page of the app (isRouterHref). Any other click is the browser's.
 */
export function isSoftNavigation(click: LinkClick, anchor: LinkAnchor, href: string, here: string): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if (anchor.target && anchor.target !== "_self") return false;
  if (anchor.download) return false;
  return isRouterHref(href, here);
}
