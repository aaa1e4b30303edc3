"use client";

/**
 * The statement of reasons of a ban (DSA art. 17), shown in the login dialog when a
 * banned user signs in: category, facts, rule, date, automated or not, and how to object
 * (a link to the appeal form carrying the token the login answered with), or, once the
 * statement's one appeal is filed, that it is being reviewed or has been decided.
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import type { ModerationCategoryName, StatementJson } from "@/lib/domains/statements/client";

export function BanStatement({ statement, onNavigate }: { statement: StatementJson; onNavigate?: () => void }) {
  const t = useTranslations("statements");
  const tc = useTranslations("reports.reason");
  const dates = appFormatter(resolveLocale(useLocale()));
  const until = dates.dateTime(new Date(statement.appeal.until), { day: "numeric", month: "long", year: "numeric" });
  const href = `/appeal?statement=${statement.id}${statement.appeal.token ? `&token=${encodeURIComponent(statement.appeal.token)}` : ""}`;
  return (
    <section role="alert" aria-labelledby="ban-statement-title" className="space-y-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm" data-testid="ban-statement">
      <h3 id="ban-statement-title" className="font-semibold text-destructive">{t("bannedTitle")}</h3>
      <p className="text-muted-foreground">{t("bannedIntro")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="font-medium">{t("category")}</dt>
        <dd>{tc(statement.category as ModerationCategoryName)}</dd>
        <dt className="font-medium">{t("facts")}</dt>
        <dd className="break-words whitespace-pre-wrap" data-testid="ban-statement-facts">{statement.facts}</dd>
        <dt className="font-medium">{t("rule")}</dt>
        <dd className="break-words" data-testid="ban-statement-rule">{statement.rule}</dd>
        <dt className="font-medium">{t("date")}</dt>
        <dd>{dates.dateTime(new Date(statement.created_at), { day: "numeric", month: "long", year: "numeric" })}</dd>
      </dl>
      <p>{statement.automated ? t("automated") : t("byPerson")}</p>
      {statement.appeal.status ? (
        // One appeal per statement: filed already, open or decided.
        <p data-testid="ban-statement-appeal-status">{statement.appeal.status === "open" ? t("appealOpen") : t("appealDecided")}</p>
      ) : (
        <>
          <p>{t("objectUntil", { date: until })}</p>
          <Link href={href} prefetch={false} onClick={onNavigate} className="font-medium text-primary underline-offset-4 hover:underline" data-testid="ban-statement-appeal">
            {t("object")}
          </Link>
        </>
      )}
    </section>
  );
}
