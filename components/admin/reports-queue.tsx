"use client";

/** /admin/reports: the notice-and-action queue; dismiss, remove the listing, or ban the user. */
import { useCallback, useEffect, useState } from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { ReportJson } from "@/lib/domains/reports/client";
import type { ModerationCategoryName } from "@/lib/domains/reports/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { StatementDialog, type StatementReasons } from "./statement-dialog";
import { EmptyState, ErrorState, TableSkeleton } from "./table-parts";

const STATUSES = ["open", "dismissed", "listing_removed", "user_banned"] as const;

export function ReportsQueue() {
  const t = useTranslations("admin.reports");
  const errorText = useErrorText();
  const tr = useTranslations("reports.reason");
  const dates = appFormatter(resolveLocale(useLocale()));
  const [status, setStatus] = useState<string>("open");
  const [reports, setReports] = useState<ReportJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<{ report: ReportJson; decision: "remove_listing" | "ban_user" } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      api<ReportJson[]>(`/api/admin/reports${status ? `?status=${status}` : ""}`).then(
        (rows) => {
          setReports(rows);
          setError(null);
        },
        (err: unknown) => setError(errorText(err, t("loadFailed"))),
      ),
    [status, t, errorText],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function decide(report: ReportJson, decision: "dismiss" | "remove_listing" | "ban_user", reasons?: StatementReasons) {
    setBusy(true);
    try {
      await api(`/api/admin/reports/${report.id}/decide`, { json: { decision, note: notes[report.id] ?? "", ...reasons } });
      toast.success(t("decided"));
      setRemoving(null);
      await load();
    } catch (err) {
      toast.error(errorText(err, t("decideFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex max-w-xs flex-col gap-1.5">
        <Label htmlFor="report-filter">{t("filter")}</Label>
        <NativeSelect id="report-filter" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("all")}</option>
          {STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
        </NativeSelect>
      </div>
      {error ? (
        <ErrorState text={error} />
      ) : !reports ? (
        <TableSkeleton />
      ) : reports.length === 0 ? (
        <EmptyState text={t("empty")} />
      ) : (
        <ul className="space-y-4" data-testid="reports-queue">
          {reports.map((report) => {
            const label = report.target?.title ?? report.target?.name ?? report.target_id.slice(0, 8);
            return (
              <li key={report.id} className="space-y-3 rounded-2xl border bg-card p-4" data-testid="report-item" data-target={label}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h2 className="font-semibold">
                      {t(`target.${report.target_type}` as "target.listing")}:{" "}
                      {report.target_type === "listing" && !report.target?.removed ? (
                        <Link className="text-primary underline" prefetch={false} href={`/product/${report.target_id}`}>{label}</Link>
                      ) : report.target_type === "user" ? (
                        <Link className="text-primary underline" href={`/seller/${report.target_id}`}>{label}</Link>
                      ) : (
                        label
                      )}
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {tr(report.reason as ModerationCategoryName)} · {report.reporter_name ?? report.reporter_email} · {dates.dateTime(new Date(report.created_at), "dateTime")}
                    </p>
                  </div>
                  <Badge variant={report.status === "open" ? "warm" : "secondary"}>{t(`status.${report.status}` as "status.open")}</Badge>
                </div>
                {report.details ? <p className="whitespace-pre-wrap text-sm break-words">{report.details}</p> : null}
                {report.status === "open" ? (
                  <>
                    <div className="space-y-1.5">
                      <Label htmlFor={`report-note-${report.id}`}>{t("note")}</Label>
                      <Textarea id={`report-note-${report.id}`} rows={2} value={notes[report.id] ?? ""} onChange={(e) => setNotes({ ...notes, [report.id]: e.target.value })} />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" disabled={busy} onClick={() => decide(report, "dismiss")} data-testid="report-dismiss">{t("dismiss")}</Button>
                      {report.target_type === "listing" ? (
                        <Button variant="destructive" disabled={busy} onClick={() => setRemoving({ report, decision: "remove_listing" })} data-testid="report-remove">{t("removeListing")}</Button>
                      ) : null}
                      {report.target_type !== "message" ? (
                        <Button variant="destructive" disabled={busy} onClick={() => setRemoving({ report, decision: "ban_user" })} data-testid="report-ban">{t("banUser")}</Button>
                      ) : null}
                    </div>
                  </>
                ) : report.outcome_note ? (
                  <p className="text-sm text-muted-foreground">{report.outcome_note}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {removing ? (
        <StatementDialog
          kind={removing.decision === "remove_listing" ? "removal" : "ban"}
          target={removing.report.target?.title ?? removing.report.target?.name ?? ""}
          busy={busy}
          initialCategory={removing.report.reason as ModerationCategoryName}
          onCancel={() => setRemoving(null)}
          onConfirm={(reasons) => decide(removing.report, removing.decision, reasons)}
        />
      ) : null}
    </div>
  );
}
