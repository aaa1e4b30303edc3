"use client";

import { useCallback } from "react";
import { useRouter } from "next/navigation";
import { useLocale } from "next-intl";
import { BellIcon, MessageSquareIcon, PackageIcon, StarIcon, LifeBuoyIcon } from "lucide-react";
import { appFormatter, relative } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import { apiResult } from "@/components/lib/api-client";

export type NotificationView = {
  id: string;
  type: string;
  title: string;
  message: string;
  created_at: string;
  read: boolean;
  link: string | null;
};

const ICONS: Record<string, typeof BellIcon> = {
  order: PackageIcon,
  message: MessageSquareIcon,
  review: StarIcon,
  support: LifeBuoyIcon,
};

/** One notification as a button: a click marks it read and follows its link. */
export function NotificationItem({
  notification,
  onOpen,
  unreadLabel,
  compact = false,
}: {
  notification: NotificationView;
  onOpen: (n: NotificationView) => void;
  unreadLabel: string;
  compact?: boolean;
}) {
  const locale = resolveLocale(useLocale());
  const Icon = ICONS[notification.type] ?? BellIcon;
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-read={notification.read}
      className={cn(
        "flex w-full gap-3 rounded-md px-3 py-2.5 text-left transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
        !notification.read && "bg-primary/5",
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className={cn("truncate text-sm", notification.read ? "font-medium" : "font-semibold")}>{notification.title}</span>
          {!notification.read && (
            <span className="size-2 shrink-0 rounded-full bg-primary">
              <span className="sr-only">{unreadLabel}</span>
            </span>
          )}
        </span>
        <span className={cn("block text-sm text-muted-foreground", compact && "line-clamp-2")}>{notification.message}</span>
        <time dateTime={notification.created_at} className="mt-0.5 block text-xs text-muted-foreground">
          {relative(appFormatter(locale), locale, notification.created_at)}
        </time>
      </span>
    </button>
  );
}

/** PUT /api/notifications/{id}/read; true when it worked. */
export async function markNotificationRead(id: string): Promise<boolean> {
  return (await apiResult(`/api/notifications/${id}/read`, { method: "PUT" })).ok;
}

/**
 * Follows a notification's link. A link to the page already open (new results for the
 * search on screen) loads it again, so what the notification announces is there.
 */
export function useFollowLink(): (link: string) => void {
  const router = useRouter();
  return useCallback(
    (link: string) => {
      if (link === window.location.pathname + window.location.search) window.location.reload();
      else router.push(link);
    },
    [router],
  );
}
