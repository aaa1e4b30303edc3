import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { listAudit } from "@/lib/domains/audit";
import { formatDate } from "@/lib/platform/i18n/format";
import { resolveLocale } from "@/lib/platform/i18n/config";

export const dynamic = "force-dynamic";
const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin.audit");
  return { title: t("title") };
}

const show = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

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
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-left text-sm" data-testid="audit-table">
            <caption className="sr-only">{t("title")}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className="p-3">{t("when")}</th>
                <th scope="col" className="p-3">{t("who")}</th>
                <th scope="col" className="p-3">{t("what")}</th>
                <th scope="col" className="p-3">{t("target")}</th>
                <th scope="col" className="p-3">{t("before")}</th>
                <th scope="col" className="p-3">{t("after")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-t align-top" data-testid="audit-row" data-action={e.action}>
                  <td className="p-3 whitespace-nowrap">{formatDate(e.created_at, lang, { dateStyle: "short", timeStyle: "medium" })}</td>
                  <td className="p-3 break-all">{e.actor_email}</td>
                  <td className="p-3 font-mono text-xs">{e.action}</td>
                  <td className="p-3 font-mono text-xs">{e.target_type} {e.target_id.slice(0, 8)}</td>
                  <td className="max-w-56 p-3 font-mono text-xs break-all">{show(e.before)}</td>
                  <td className="max-w-72 p-3 font-mono text-xs break-all">{show(e.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
