"use client";

/**
 * /admin/users: 20 per page, search on name and email, verify, ban / unban and hold /
 * release payouts (never admins). A ban and a payout hold ask for the statement of reasons.
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/orders/confirm-dialog";
import { StatementDialog, type StatementReasons } from "./statement-dialog";
import type { UserJson } from "@/lib/domains/accounts/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { AdminTable, EmptyState, ErrorState, Pager, SearchBox, TableSkeleton } from "./table-parts";
import { usePaged } from "./use-paged";

/** The admin list adds whether the user's payouts are held by an admin. */
type AdminUser = UserJson & { payouts_held?: boolean };
type Action = "verify" | "ban" | "unban" | "hold-payouts" | "release-payouts";
const DONE = { verify: "verified", ban: "banned", unban: "unbanned", "hold-payouts": "payoutsHeld", "release-payouts": "payoutsReleased" } as const;

export function UsersTable() {
  const t = useTranslations("admin.users");
  const errorText = useErrorText();
  const list = usePaged<AdminUser>("/api/admin/users", "users", 20, t("loadFailed"));
  const [confirm, setConfirm] = useState<{ user: AdminUser; action: "ban" | "unban" | "hold-payouts" | "release-payouts" } | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(user: AdminUser, action: Action, reasons?: StatementReasons) {
    setBusy(true);
    try {
      await api(`/api/admin/users/${user.id}/${action}`, { method: "PUT", json: reasons });
      toast.success(t(DONE[action]));
      setConfirm(null);
      await list.reload();
    } catch (error) {
      toast.error(errorText(error, action === "verify" ? t("verifyFailed") : t("updateFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <SearchBox onSearch={list.setSearch} label={t("search")} />
      {list.error ? (
        <ErrorState text={list.error} />
      ) : !list.data ? (
        <TableSkeleton />
      ) : list.data.items.length === 0 ? (
        <EmptyState text={t("empty")} />
      ) : (
        <AdminTable
          caption={t("title")}
          testId="users-table"
          rows={list.data.items}
          rowKey={(user) => user.id}
          rowProps={(user) => ({ "data-testid": "user-row", "data-email": user.email })}
          columns={[
            { key: "name", label: t("name"), primary: true, cell: (user) => user.name },
            { key: "email", label: t("email"), className: "[overflow-wrap:anywhere]", cell: (user) => user.email },
            {
              key: "state",
              label: t("state"),
              cell: (user) =>
                user.is_admin || user.is_verified || user.is_banned || user.payouts_held ? (
                  <span className="flex flex-wrap gap-1">
                    {user.is_admin ? <Badge>{t("admin")}</Badge> : null}
                    {user.is_verified ? <Badge variant="secondary">{t("verifiedBadge")}</Badge> : null}
                    {user.is_banned ? <Badge variant="destructive">{t("bannedBadge")}</Badge> : null}
                    {user.payouts_held ? <Badge variant="warm" data-testid="user-payouts-held">{t("payoutsHeldBadge")}</Badge> : null}
                  </span>
                ) : null,
            },
            {
              key: "actions",
              label: t("actions"),
              cell: (user) =>
                user.is_admin ? null : (
                  <span className="flex flex-wrap gap-2 max-lg:pt-1">
                    {!user.is_verified ? (
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => act(user, "verify")} data-testid="user-verify">{t("verify")}</Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant={user.is_banned ? "outline" : "destructive"}
                      disabled={busy}
                      onClick={() => setConfirm({ user, action: user.is_banned ? "unban" : "ban" })}
                      data-testid={user.is_banned ? "user-unban" : "user-ban"}
                    >
                      {user.is_banned ? t("unban") : t("ban")}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy}
                      onClick={() => setConfirm({ user, action: user.payouts_held ? "release-payouts" : "hold-payouts" })}
                      data-testid={user.payouts_held ? "user-release-payouts" : "user-hold-payouts"}
                    >
                      {user.payouts_held ? t("releasePayouts") : t("holdPayouts")}
                    </Button>
                  </span>
                ),
            },
          ]}
        />
      )}
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
      {confirm?.action === "ban" || confirm?.action === "hold-payouts" ? (
        <StatementDialog
          kind={confirm.action === "ban" ? "ban" : "payoutHold"}
          target={`${confirm.user.name} (${confirm.user.email})`}
          busy={busy}
          onCancel={() => setConfirm(null)}
          onConfirm={(reasons) => act(confirm.user, confirm.action, reasons)}
        />
      ) : confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirm(null)}
          title={confirm.action === "unban" ? t("unbanTitle") : t("releaseTitle")}
          description={confirm.action === "unban" ? t("unbanText") : t("releaseText")}
          confirmLabel={confirm.action === "unban" ? t("unban") : t("releasePayouts")}
          busyLabel={t("working")}
          dismissLabel={t("cancel")}
          busy={busy}
          destructive={false}
          onConfirm={() => act(confirm.user, confirm.action)}
          testId="user-confirm"
          productTitle={`${confirm.user.name} (${confirm.user.email})`}
        />
      ) : null}
    </div>
  );
}
