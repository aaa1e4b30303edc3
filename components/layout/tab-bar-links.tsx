"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { CirclePlusIcon, HeartIcon, MessageCircleIcon, SearchIcon, UserRoundIcon, type LucideIcon } from "lucide-react";
import { useLiveEvents } from "@/components/live/use-live-events";
import { badgeText } from "@/components/notifications/badge";
import { cn } from "@/lib/platform/utils";
import { isActivePath } from "./nav-links";

/** While the event stream is down the count is polled, as the bell's (10 s). */
const POLL_MS = 10_000;

type Tab = { key: "search" | "favorites" | "sell" | "messages" | "profile"; href: string; icon: LucideIcon };

const TABS: readonly Tab[] = [
  { key: "search", href: "/browse", icon: SearchIcon },
  { key: "favorites", href: "/wishlist", icon: HeartIcon },
  { key: "sell", href: "/sell", icon: CirclePlusIcon },
  { key: "messages", href: "/messages", icon: MessageCircleIcon },
  { key: "profile", href: "/dashboard", icon: UserRoundIcon },
];

/** The tab bar's links and the unread count of Berichten (./tab-bar.tsx). */
export default function TabBarLinks() {
  const t = useTranslations("tabBar");
  const pathname = usePathname();
  const unread = useUnreadConversations();
  return (
    <nav
      aria-label={t("label")}
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-xl grid-cols-5">
        {TABS.map(({ key, href, icon: Icon }) => {
          const active = isActivePath(pathname, href);
          const count = key === "messages" ? unread : 0;
          return (
            <li key={key} className="flex">
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                data-testid={`tab-${key}`}
                className={cn(
                  "relative flex flex-1 flex-col items-center justify-center gap-0.5 text-[11px] font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset",
                  active ? "text-primary" : "text-foreground/70 hover:text-foreground",
                )}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-6" />
                  {count > 0 ? (
                    <span
                      aria-hidden="true"
                      data-testid="tab-messages-count"
                      className="absolute -top-1 -right-2.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-semibold text-primary-foreground"
                    >
                      {badgeText(count)}
                    </span>
                  ) : null}
                </span>
                <span>{t(key)}</span>
                {count > 0 ? <span className="sr-only">{t("unread", { count })}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Conversations with unread messages: at once, on live events, and polled while the stream is down. */
function useUnreadConversations(): number {
  const [count, setCount] = useState(0);
  // Sign-out unmounts the bar before the session ends: cancel what is under way.
  const signal = useRef<AbortSignal | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    signal.current = controller.signal;
    return () => controller.abort();
  }, []);
  const refresh = useCallback(async () => {
    try {
      const res = await fetch("/api/messages/unread-count", { cache: "no-store", signal: signal.current });
      if (res.ok) setCount(((await res.json()) as { unread_count: number }).unread_count);
    } catch (error) {
      if (!signal.current?.aborted) console.warn("unread messages", error);
    }
  }, []);
  const { live } = useLiveEvents((event) => {
    if (event.type === "message" || event.type === "unread") void refresh();
  });
  const counted = useRef(false);
  useEffect(() => {
    // At once on mount and when the stream (re)connects; not when it drops (that is when
    // a session or account ends, and the request would meet a 401), as the bell does.
    const now = live || !counted.current;
    counted.current = true;
    const first = now ? setTimeout(() => void refresh(), 0) : null;
    const timer = live ? null : setInterval(() => void refresh(), POLL_MS);
    return () => {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
    };
  }, [live, refresh]);
  return count;
}
