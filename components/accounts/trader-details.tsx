import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BriefcaseBusinessIcon, UserIcon } from "lucide-react";
import type { TraderDetails as TraderJson } from "@/lib/domains/accounts/client";

/**
 * Trader transparency (docs/help-and-trader.md, EU Omnibus and DSA art. 30): a business
 * seller's company name, VAT number, KvK number and business address, with the buyer's
 * 14-day right of withdrawal; a private seller gets the line that those consumer rights
 * do not apply. Used on the product page and the seller profile.
 */
export async function TraderDetails({
  trader,
  business,
  className = "",
}: {
  trader: TraderJson | null;
  business: boolean;
  className?: string;
}) {
  const t = await getTranslations("trader");
  if (!business || !trader) {
    return (
      <p
        className={`flex items-start gap-2 rounded-xl border bg-muted/40 p-4 text-sm text-muted-foreground ${className}`}
        data-testid="trader-private"
      >
        <UserIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t("private")}
      </p>
    );
  }
  const rows = [
    { key: "businessName", value: trader.business_name, testId: "trader-name" },
    { key: "kvk", value: trader.kvk_number, testId: "trader-kvk" },
    { key: "vat", value: trader.vat_number, testId: "trader-vat" },
    { key: "address", value: trader.business_address, testId: "trader-address" },
  ] as const;
  return (
    <section
      aria-labelledby="trader-details-title"
      className={`rounded-xl border bg-card p-4 text-sm shadow-sm ${className}`}
      data-testid="trader-details"
    >
      <h2 id="trader-details-title" className="flex items-center gap-2 font-semibold">
        <BriefcaseBusinessIcon aria-hidden="true" className="size-4 text-primary" />
        {t("title")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {rows.map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-muted-foreground">{t(row.key)}</dt>
            <dd className="break-words" data-testid={row.testId}>
              {row.value || t("notGiven")}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-muted-foreground" data-testid="trader-withdrawal">
        {t("withdrawal", { days: trader.withdrawal_days })}{" "}
        <Link href="/faq#buying" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("more")}
        </Link>
      </p>
    </section>
  );
}
