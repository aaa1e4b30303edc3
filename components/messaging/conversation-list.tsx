"use client";

/**
 * The caller's conversations, latest first (product image and title, the other
 * party, unread count, last message). Used by /messages and the dashboard's Messages tab.
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { MessageCircleIcon, PackageIcon } from "lucide-react";
import { appFormatter, relative } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import type { ConversationJson } from "./messages-api";

export function ConversationList({ conversations, selectedId }: { conversations: ConversationJson[]; selectedId?: string | null }) {
  const t = useTranslations("messaging");
  const locale = resolveLocale(useLocale());
  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center px-4 py-12 text-center" data-testid="conversations-empty">
        <MessageCircleIcon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="mt-3 font-medium">{t("empty")}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t("emptyText")}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y" data-testid="conversation-list">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            href={`/messages?c=${c.id}`}
            scroll={false}
            aria-current={c.id === selectedId ? "page" : undefined}
            data-testid="conversation-item"
            data-conversation-id={c.id}
            className={cn("flex gap-3 px-3 py-3 hover:bg-muted/60", c.id === selectedId && "bg-muted")}
          >
            {c.product_image ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={c.product_image} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-muted">
                <PackageIcon aria-hidden="true" className="size-5 text-muted-foreground" />
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate font-medium">{c.other_user_name}</span>
                <time dateTime={c.last_message_at} className="shrink-0 text-xs text-muted-foreground">
                  {relative(appFormatter(locale), locale, c.last_message_at)}
                </time>
              </span>
              <span className="block truncate text-xs text-muted-foreground">{c.product_title ?? t("deletedProduct")}</span>
              <span className="flex items-center justify-between gap-2">
                <span className={cn("truncate text-sm", c.unread_count > 0 ? "font-semibold" : "text-muted-foreground")} data-testid="conversation-last">
                  {c.last_message || t("photos.photo")}
                </span>
                {c.unread_count > 0 ? (
                  <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground" data-testid="conversation-unread">
                    <span aria-hidden="true">{c.unread_count}</span>
                    <span className="sr-only">{t("unread", { count: c.unread_count })}</span>
                  </span>
                ) : null}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
