"use client";

/**
 * The signed-in header's bell (loaded by ./notification-bell.tsx only for a signed-in
 * user): unread badge from the live stream or polling, the 10 latest when opened, mark
 * all read, view all.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { BellIcon } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { useLiveEvents } from "@/components/live/use-live-events";
import { api, apiResult } from "@/components/lib/api-client";
import { readUnreadCount, UNREAD_POLL_MS, usePolled } from "@/components/lib/use-polled";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { badgeText } from "./badge";
import { markNotificationRead, NotificationItem, useFollowLink, type NotificationView } from "./notification-item";

const DROPDOWN_LIMIT = 10;

export default function BellMenu() {
  const t = useTranslations("notifications");
  const follow = useFollowLink();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationView[] | null>(null);
  const [failed, setFailed] = useState(false);

  // Requests still under way when the bell goes (sign-out unmounts it before the session
  // ends) are cancelled, so none reaches the server without a session and answers 401.
  const signal = useRef<AbortSignal | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    signal.current = controller.signal;
    return () => controller.abort();
  }, []);

  const loadItems = useCallback(async () => {
    try {
      setItems(await api<NotificationView[]>(`/api/notifications?limit=${DROPDOWN_LIMIT}`, { cache: "no-store", signal: signal.current }));
      setFailed(false);
    } catch (error) {
      if (signal.current?.aborted) return;
      console.warn("notifications", error);
      setFailed(true);
    }
  }, []);

  // The unread badge: at once, on live events, and polled while the stream is down.
  const unread = usePolled({
    path: "/api/notifications/unread-count",
    read: readUnreadCount,
    liveTypes: ["unread", "notification"],
    pollMs: UNREAD_POLL_MS,
    label: "unread count",
  });
  const count = unread.value ?? 0;
  const setCount = unread.set;
  useLiveEvents((event) => {
    if (open && event.type === "notification") void loadItems();
  });

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void loadItems();
  };

  const openItem = async (n: NotificationView) => {
    if (!n.read) {
      if (await markNotificationRead(n.id)) {
        setItems((list) => list?.map((x) => (x.id === n.id ? { ...x, read: true } : x)) ?? null);
        setCount((c) => Math.max(0, (c ?? 0) - 1));
      } else toast.error(t("failedToMark"));
    }
    if (n.link) {
      setOpen(false);
      follow(n.link);
    }
  };

  const markAll = async () => {
    const marked = await apiResult("/api/notifications/mark-all-read", { method: "PUT" });
    if (!marked.ok) {
      toast.error(t("failedToMark"));
      return;
    }
    setCount(0);
    setItems((list) => list?.map((x) => ({ ...x, read: true })) ?? null);
    toast.success(t("allMarkedRead"));
  };

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          data-testid="notification-bell"
          aria-label={count > 0 ? t("bellUnread", { count }) : t("bell")}
          title={t("bell")}
          className="relative size-9 text-foreground/75"
        >
          <BellIcon aria-hidden="true" className="size-5" />
          {count > 0 && (
            <span
              data-testid="notification-badge"
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white"
            >
              {badgeText(count)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0" data-testid="notification-dropdown">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">{t("heading")}</h2>
          <Button variant="ghost" size="sm" onClick={markAll} disabled={count === 0} className="h-7 px-2 text-xs">
            {t("markAllRead")}
          </Button>
        </div>
        <DropdownList items={items} failed={failed} onOpen={openItem} />
        <div className="border-t p-1">
          <Link
            href="/notifications"
            onClick={() => setOpen(false)}
            className="block rounded-md px-3 py-2 text-center text-sm font-medium text-primary hover:bg-accent"
          >
            {t("viewAll")}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** The dropdown's body: loading, failed, empty, or the latest notifications. */
function DropdownList({
  items,
  failed,
  onOpen,
}: {
  items: NotificationView[] | null;
  failed: boolean;
  onOpen: (n: NotificationView) => void;
}) {
  const t = useTranslations("notifications");
  return (
  <div className="max-h-[60vh] overflow-y-auto p-1">
    {items === null && !failed ? (
      <div className="flex justify-center py-6">
        <Spinner label={t("loading")} className="size-5" />
      </div>
    ) : failed ? (
      <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("failedToLoad")}</p>
    ) : items && items.length === 0 ? (
      <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("empty")}</p>
    ) : (
      <ul>
        {items?.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} onOpen={onOpen} unreadLabel={t("unreadDot")} compact />
          </li>
        ))}
      </ul>
    )}
  </div>
  );
}
