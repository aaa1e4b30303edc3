import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { NotificationsList } from "@/components/notifications/notifications-list";
import { currentUser } from "@/lib/domains/accounts";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { listNotifications, NOTIFICATIONS_MAX_LIMIT } from "@/lib/domains/notifications";
import { cn } from "@/lib/platform/utils";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notifications");
  return { title: t("title"), description: t("metaDescription"), robots: { index: false } };
}

const FILTERS = ["all", "unread", "read"] as const;
type Filter = (typeof FILTERS)[number];

/** /notifications: all, unread or read, 50 per page; a click marks read and follows the link. */
export default async function NotificationsPage({ searchParams }: { searchParams: Promise<{ filter?: string }> }) {
  const user = await currentUser();
  if (!user) redirect("/");
  const { filter: raw } = await searchParams;
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : "all";
  const [t, locale] = await Promise.all([getTranslations("notifications"), getLocale()]);
  const read = filter === "all" ? undefined : filter === "read";
  const items = await listNotifications(user.id, { limit: NOTIFICATIONS_MAX_LIMIT, read }, resolveLocale(locale));
  const label = { all: t("filterAll"), unread: t("filterUnread"), read: t("filterRead") };
  const empty = { all: t("empty"), unread: t("emptyUnread"), read: t("emptyRead") };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
      <nav aria-label={t("heading")} className="mt-6 flex gap-1 rounded-lg bg-muted p-1 text-sm">
        {FILTERS.map((f) => (
          <Link
            key={f}
            href={f === "all" ? "/notifications" : `/notifications?filter=${f}`}
            aria-current={f === filter ? "page" : undefined}
            data-testid={`notifications-filter-${f}`}
            className={cn(
              "flex-1 rounded-md px-3 py-1.5 text-center font-medium text-muted-foreground transition-colors hover:text-foreground",
              f === filter && "bg-background text-foreground shadow-sm",
            )}
          >
            {label[f]}
          </Link>
        ))}
      </nav>
      <NotificationsList key={`${filter}:${items[0]?.id ?? ""}`} initial={items} read={read} emptyText={empty[filter]} />
    </div>
  );
}
