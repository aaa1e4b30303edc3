import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { listAudit } from "@/lib/domains/audit";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";

export const dynamic = "force-dynamic";
const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.audit");
  return { title: t("title") };
}

const show = (value: unknown) => (value === null || value === undefined ? "–" : JSON.stringify(value, null, 1));

/** /admin/audit: the append-only audit log, newest first, read only (admins only: the layout). */
export default async function AdminAuditPage({ searchParams }: { searchParams: Promise<{ page?: string }> }) {
  const page = Math.max(0, Number.parseInt((await searchParams).page ?? "0", 10) || 0);
  const [t, locale, { entries, total }] = await Promise.all([
    getTranslations("admin.audit"),
    getLocale(),
    listAudit({ skip: page * PAGE_SIZE, limit: PAGE_SIZE }),
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const lang = resolveLocale(locale);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">{t("empty")}</p>
      ) : (
        // Readable rows on every width: what happened, on what, by whom
        // and when; the before and after snapshots folded under Details.
        <ol className="divide-y rounded-xl border" data-testid="audit-log" aria-label={t("title")}>
          {entries.map((e) => {
            const actionKey = `actions.${e.action.replaceAll(".", "_")}`;
            const targetKey = `targets.${e.target_type}`;
            const hasDetails = e.before !== null || e.after !== null;
            return (
              <li key={e.id} className="space-y-1 p-3 text-sm" data-testid="audit-row" data-action={e.action}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-medium" data-testid="audit-what">
                    {t.has(actionKey) ? t(actionKey) : e.action}
                    <span className="font-normal text-muted-foreground">
                      {" · "}
                      {t.has(targetKey) ? t(targetKey) : e.target_type} <code className="text-xs">{e.target_id.slice(0, 8)}</code>
                    </span>
                  </p>
                  <time dateTime={e.created_at} className="text-xs whitespace-nowrap text-muted-foreground" data-testid="audit-when">
                    {appFormatter(lang).dateTime(new Date(e.created_at), "dateTime")}
                  </time>
                </div>
                <p className="text-muted-foreground [overflow-wrap:anywhere]" data-testid="audit-who">{t("by", { who: e.actor_email })}</p>
                {hasDetails ? (
                  <details className="text-xs">
                    <summary className="cursor-pointer text-primary">{t("details")}</summary>
                    <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                      <div className="min-w-0">
                        <dt className="font-medium">{t("before")}</dt>
                        <dd className="mt-1 rounded-md bg-muted p-2 font-mono whitespace-pre-wrap [overflow-wrap:anywhere]">{show(e.before)}</dd>
                      </div>
                      <div className="min-w-0">
                        <dt className="font-medium">{t("after")}</dt>
                        <dd className="mt-1 rounded-md bg-muted p-2 font-mono whitespace-pre-wrap [overflow-wrap:anywhere]">{show(e.after)}</dd>
                      </div>
                    </dl>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label={t("pagination")} className="flex items-center gap-3 text-sm">
          {page > 0 ? <Link className="text-primary underline" href={`/admin/audit?page=${page - 1}`}>{t("previous")}</Link> : null}
          <span>{t("pageOf", { page: page + 1, pages })}</span>
          {page + 1 < pages ? <Link className="text-primary underline" href={`/admin/audit?page=${page + 1}`}>{t("next")}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
