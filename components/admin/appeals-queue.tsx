"use client";

/**
 * /admin/appeals: internal complaints against statements of reasons (DSA art. 20). A
 * person upholds or reverses each, with a reason the user is told; reversing a ban
 * unbans, reversing a removal restores the listing.
 */
import { useCallback, useEffect, useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import type { AdminAppealJson, ModerationCategoryName, StatementKindName } from "@/lib/domains/statements/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { EmptyState, ErrorState, TableSkeleton } from "./table-parts";

const STATUSES = ["open", "upheld", "reversed"] as const;

export function AppealsQueue() {
  const t = useTranslations("admin.appeals");
  const errorText = useErrorText();
  const ts = useTranslations("statements");
  const tr = useTranslations("reports.reason");
  const dates = appFormatter(resolveLocale(useLocale()));
  const [status, setStatus] = useState<string>("open");
  const [appeals, setAppeals] = useState<AdminAppealJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      api<AdminAppealJson[]>(`/api/admin/appeals${status ? `?status=${status}` : ""}`).then(
        (rows) => {
          setAppeals(rows);
          setError(null);
        },
        (err: unknown) => setError(errorText(err, t("loadFailed"))),
      ),
    [status, t, errorText],
  );

  useEffect(() => {
    void load();
  }, [load]);

  async function decide(appeal: AdminAppealJson, decision: "uphold" | "reverse") {
    setBusy(true);
    try {
      await api(`/api/admin/appeals/${appeal.id}/decide`, { json: { decision, reason: reasons[appeal.id] ?? "" } });
      toast.success(t("decided"));
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
        <Label htmlFor="appeal-filter">{t("filter")}</Label>
        <NativeSelect id="appeal-filter" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("all")}</option>
          {STATUSES.map((s) => <option key={s} value={s}>{t(`status.${s}`)}</option>)}
        </NativeSelect>
      </div>
      {error ? (
        <ErrorState text={error} />
      ) : !appeals ? (
        <TableSkeleton />
      ) : appeals.length === 0 ? (
        <EmptyState text={t("empty")} />
      ) : (
        <ul className="space-y-4" data-testid="appeals-queue">
          {appeals.map((appeal) => {
            const reason = reasons[appeal.id] ?? "";
            return (
              <li key={appeal.id} className="space-y-3 rounded-2xl border bg-card p-4" data-testid="appeal-item">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h2 className="font-semibold">{ts(`kind.${appeal.statement.kind as StatementKindName}`)}: {appeal.user.name} ({appeal.user.email})</h2>
                    <p className="text-sm text-muted-foreground">
                      {tr(appeal.statement.category as ModerationCategoryName)} · {dates.dateTime(new Date(appeal.created_at), "dateTime")}
                    </p>
                  </div>
                  <Badge variant={appeal.status === "open" ? "warm" : "secondary"}>{t(`status.${appeal.status}` as "status.open")}</Badge>
                </div>
                <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
                  <dt className="font-medium">{ts("facts")}</dt>
                  <dd className="break-words whitespace-pre-wrap">{appeal.statement.facts}</dd>
                  <dt className="font-medium">{ts("rule")}</dt>
                  <dd className="break-words">{appeal.statement.rule}</dd>
                  <dt className="font-medium">{t("objection")}</dt>
                  <dd className="break-words whitespace-pre-wrap">{appeal.text}</dd>
                </dl>
                {appeal.status === "open" ? (
                  <>
                    <div className="space-y-1.5">
                      <Label htmlFor={`appeal-reason-${appeal.id}`}>{t("reason")}</Label>
                      <Textarea id={`appeal-reason-${appeal.id}`} rows={2} maxLength={2000} value={reason} onChange={(e) => setReasons({ ...reasons, [appeal.id]: e.target.value })} data-testid="appeal-reason" />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button variant="outline" disabled={busy || !reason.trim()} onClick={() => decide(appeal, "uphold")} data-testid="appeal-uphold">{t("uphold")}</Button>
                      <Button disabled={busy || !reason.trim()} onClick={() => decide(appeal, "reverse")} data-testid="appeal-reverse">{t("reverse")}</Button>
                    </div>
                  </>
                ) : appeal.decision_reason ? (
                  <p className="text-sm text-muted-foreground">{appeal.decision_reason}</p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
