"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { CirclePlusIcon, HeartIcon, MessageCircleIcon, SearchIcon, UserRoundIcon, type LucideIcon } from "lucide-react";
import { readUnreadCount, UNREAD_POLL_MS, usePolled } from "@/components/lib/use-polled";
import { badgeText } from "@/components/notifications/badge";
import { cn } from "@/lib/platform/utils";
import { isActivePath } from "./nav-links";


type Tab = { key: "search" | "wishlist" | "sell" | "messages" | "profile"; href: string; icon: LucideIcon };

const TABS: readonly Tab[] = [
  { key: "search", href: "/browse", icon: SearchIcon },
  { key: "wishlist", href: "/wishlist", icon: HeartIcon },
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
  const { value } = usePolled({
    path: "/api/messages/unread-count",
    read: readUnreadCount,
    liveTypes: ["message", "unread"],
    pollMs: UNREAD_POLL_MS,
    label: "unread messages",
  });
  return value ?? 0;
}
