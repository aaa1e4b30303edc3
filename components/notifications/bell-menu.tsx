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
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { badgeText } from "./badge";
import { markNotificationRead, NotificationItem, useFollowLink, type NotificationView } from "./notification-item";

/** The unread count is polled every 10 s when the event stream is down. */
const POLL_MS = 10_000;
const DROPDOWN_LIMIT = 10;

export default function BellMenu() {
  const t = useTranslations("notifications");
  const follow = useFollowLink();
  const [count, setCount] = useState(0);
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

  const refreshCount = useCallback(async () => {
    try {
      const res = await fetch("/api/notifications/unread-count", { cache: "no-store", signal: signal.current });
      if (res.ok) setCount(((await res.json()) as { unread_count: number }).unread_count);
    } catch (error) {
      // Fetch errors in the bell are only logged.
      if (!signal.current?.aborted) console.warn("unread count", error);
    }
  }, []);

  const loadItems = useCallback(async () => {
    try {
      const res = await fetch(`/api/notifications?limit=${DROPDOWN_LIMIT}`, { cache: "no-store", signal: signal.current });
      if (!res.ok) throw new Error(String(res.status));
      setItems((await res.json()) as NotificationView[]);
      setFailed(false);
    } catch (error) {
      if (signal.current?.aborted) return;
      console.warn("notifications", error);
      setFailed(true);
    }
  }, []);

  const { live } = useLiveEvents((event) => {
    if (event.type === "unread" || event.type === "notification") {
      void refreshCount();
      if (open && event.type === "notification") void loadItems();
    }
  });

  const counted = useRef(false);
  useEffect(() => {
    // The count at once (in a callback, not the effect body) on mount and when the stream
    // (re)connects, for what it missed; then polling while it is down. Not at once when it
    // drops: a stream ends when the session or account does (logout elsewhere, deletion),
    // and that request would only meet a 401; the next poll catches up otherwise.
    const now = live || !counted.current;
    counted.current = true;
    const first = now ? setTimeout(() => void refreshCount(), 0) : null;
    const timer = live ? null : setInterval(() => void refreshCount(), POLL_MS);
    return () => {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
    };
  }, [live, refreshCount]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void loadItems();
  };

  const openItem = async (n: NotificationView) => {
    if (!n.read) {
      if (await markNotificationRead(n.id)) {
        setItems((list) => list?.map((x) => (x.id === n.id ? { ...x, read: true } : x)) ?? null);
        setCount((c) => Math.max(0, c - 1));
      } else toast.error(t("failedToMark"));
    }
    if (n.link) {
      setOpen(false);
      follow(n.link);
    }
  };

  const markAll = async () => {
    const res = await fetch("/api/notifications/mark-all-read", { method: "PUT" }).catch(() => null);
    if (!res?.ok) {
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
                  <NotificationItem notification={n} onOpen={openItem} unreadLabel={t("unreadDot")} compact />
                </li>
              ))}
            </ul>
          )}
        </div>
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
