"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { useLiveEvents } from "@/components/live/use-live-events";
import { Button } from "@/components/ui/button";
import { markNotificationRead, NotificationItem, useFollowLink, type NotificationView } from "./notification-item";
import { api, apiResult } from "@/components/lib/api-client";

const PAGE = 50;

/**
 * The /notifications list: click marks read and follows the link; 50 more per click;
 * "Alles als gelezen markeren" above it while any shown is unread (on a phone
 * the bell's dropdown is not where people look for it).
 */
export function NotificationsList({
  initial,
  read,
  emptyText,
}: {
  initial: NotificationView[];
  read: boolean | undefined;
  emptyText: string;
}) {
  const t = useTranslations("notifications");
  const router = useRouter();
  const follow = useFollowLink();
  const [items, setItems] = useState(initial);
  const [more, setMore] = useState(initial.length === PAGE);
  const [loading, setLoading] = useState(false);
  const [marking, setMarking] = useState(false);

  // A new notification while the page is open: render the page again from the server.
  useLiveEvents((event) => {
    if (event.type === "notification") router.refresh();
  });

  const open = async (n: NotificationView) => {
    if (!n.read) {
      if (await markNotificationRead(n.id)) setItems((list) => list.map((x) => (x.id === n.id ? { ...x, read: true } : x)));
      else toast.error(t("failedToMark"));
    }
    if (n.link) follow(n.link);
  };

  const loadMore = async () => {
    const last = items.at(-1);
    if (!last) return;
    setLoading(true);
    try {
      const query = new URLSearchParams({ limit: String(PAGE), before: last.id });
      if (read !== undefined) query.set("read", String(read));
      const next = await api<NotificationView[]>(`/api/notifications?${query}`, { cache: "no-store" });
      setItems((list) => [...list, ...next]);
      setMore(next.length === PAGE);
    } catch {
      toast.error(t("failedToLoad"));
    } finally {
      setLoading(false);
    }
  };

  const markAll = async () => {
    setMarking(true);
    const marked = await apiResult("/api/notifications/mark-all-read", { method: "PUT" });
    setMarking(false);
    if (!marked.ok) {
      toast.error(t("failedToMark"));
      return;
    }
    // The unread filter then shows nothing; the others show the same rows, read.
    setItems((list) => (read === false ? [] : list.map((x) => ({ ...x, read: true }))));
    if (read === false) setMore(false);
    toast.success(t("allMarkedRead"));
  };

  if (items.length === 0) {
    return (
      <p className="mt-10 text-center text-muted-foreground" data-testid="notifications-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <div className="mt-6">
      {items.some((n) => !n.read) ? (
        <div className="mb-3 flex justify-end">
          <Button variant="outline" size="sm" onClick={markAll} disabled={marking} data-testid="notifications-mark-all">
            {t("markAllRead")}
          </Button>
        </div>
      ) : null}
      <ul className="divide-y rounded-lg border" data-testid="notifications-list">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationItem notification={n} onOpen={open} unreadLabel={t("unreadDot")} />
          </li>
        ))}
      </ul>
      {more && (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={loadMore} disabled={loading}>
            {t("loadMore")}
          </Button>
        </div>
      )}
    </div>
  );
}
