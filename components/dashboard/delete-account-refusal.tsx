"use client";

/**
 * Why an account cannot be deleted yet (the 409 of DELETE /api/users/me
 * 5): for every open checkout or order what the user can do, and for an order that only
 * waits for its automatic payout, the day it is paid. When every one of them only waits,
 * the day from which deletion is possible.
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";

export type OpenItem =
  | { type: "checkout"; id: string }
  | { type: "purchase" | "sale"; id: string; product_title: string; status: string; delivery_status?: string; auto_release_at?: string | null };

/** The key under `settings.delete.open` that says what to do about an order. */
function stepOf(item: Extract<OpenItem, { type: "purchase" | "sale" }>): string {
  if (item.auto_release_at) return `${item.type}Payout`;
  if (item.delivery_status === "disputed") return "disputed";
  if (item.status === "pending") return `${item.type}Unpaid`;
  return item.type;
}

export function DeleteAccountRefusal({ open, possibleFrom }: { open: OpenItem[]; possibleFrom: string | null }) {
  const t = useTranslations("settings.delete");
  const dates = appFormatter(resolveLocale(useLocale()));
  const day = (iso: string) => dates.dateTime(new Date(iso), { day: "numeric", month: "long" });
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" data-testid="delete-account-open">
      <p className="font-medium">{t("openTitle")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {open.map((item) => (
          <li key={`${item.type}-${item.id}`}>
            {item.type === "checkout" ? (
              <Link href="/cart" className="underline">{t("open.checkout")}</Link>
            ) : (
              <Link href={item.type === "sale" ? "/dashboard?tab=sales" : "/orders"} className="underline">
                {t(`open.${stepOf(item)}`, { title: item.product_title, date: item.auto_release_at ? day(item.auto_release_at) : "" })}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {possibleFrom ? (
        <p className="mt-2 font-medium" data-testid="delete-account-possible-from">
          {t("possibleFrom", { date: day(possibleFrom) })}
        </p>
      ) : null}
    </div>
  );
}
