"use client";

import * as React from "react";
import { useRouter } from "next/navigation";
import { isRouterHref, isSoftNavigation } from "./link-navigation";

export type LinkProps = Omit<React.ComponentPropsWithRef<"a">, "href"> & {
  /** A path of the app (`/browse?category=Fietsen`), a hash (`#main`) or a full URL. */
  href: string;
  /** Fetch the page when the user shows intent (pointer, touch, focus); default true. */
  prefetch?: boolean;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Scroll to the top (or to the hash) after the navigation; default true. */
  scroll?: boolean;
};

/**
 * A link to a page of the app, instead of next/link (about 3 KB gzipped on every page,
 * issue 13; ESLint points here): a plain `<a>` with every prop passed through, whose plain
 * left click becomes a soft navigation through the router (`router.push`, or `replace`),
 * like next/link's. Other clicks (a modifier key, `target`, `download`, another origin,
 * a jump within the page) are left to the browser (link-navigation.ts).
 *
 * It prefetches on intent, not on sight: the first pointerenter, touchstart or focus
 * calls `router.prefetch` (unless `prefetch={false}`), where next/link fetched every link
 * that scrolled into view, which on a phone's data plan is many pages never opened.
 */
export function Link({
  href,
  prefetch = true,
  replace = false,
  scroll = true,
  onClick,
  onPointerEnter,
  onTouchStart,
  onFocus,
  ...props
}: LinkProps) {
  const router = useRouter();
  const prefetched = React.useRef<string | null>(null);

  const intent = () => {
    if (!prefetch || prefetched.current === href || !isRouterHref(href, window.location.href)) return;
    prefetched.current = href;
    router.prefetch(href);
  };

  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        const anchor = event.currentTarget;
        const target = { target: anchor.getAttribute("target"), download: anchor.hasAttribute("download") };
        if (!isSoftNavigation(event, target, href, window.location.href)) return;
        event.preventDefault();
        if (replace) router.replace(href, { scroll });
        else router.push(href, { scroll });
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        intent();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        intent();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        intent();
      }}
    />
  );
}
