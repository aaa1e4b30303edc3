"use client";

/**
 * "Delete my account" (docs/accounts.md): names what happens, asks for the
 * password and an explicit confirmation, then DELETE /api/users/me. While orders are
 * still open the server answers 409 with the list, which the dialog shows with links,
 * what to do about each and from when deletion is possible (./delete-account-refusal.tsx).
 * A deletion lands, signed out, on /goodbye.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { signOut } from "@/components/auth/use-session-user";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { apiResult } from "@/components/lib/api-client";
import { DeleteAccountRefusal, type OpenItem } from "./delete-account-refusal";


export function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("settings.delete");
  const ids = React.useId();
  const [password, setPassword] = React.useState("");
  const [confirmed, setConfirmed] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [open, setOpen] = React.useState<{ items: OpenItem[]; possibleFrom: string | null } | null>(null);
  const [busy, setBusy] = React.useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError(t("errors.passwordRequired"));
    if (!confirmed) return setError(t("errors.confirmRequired"));
    setBusy(true);
    setError(null);
    try {
      const result = await apiResult("/api/users/me", { method: "DELETE", json: { password } });
      if (result.ok) {
        toast.success(t("done"));
        // Signed out, on a page that says goodbye.
        await signOut({ callbackUrl: "/goodbye" });
        return;
      }
      const failure = result.error;
      if (failure.code === "password_wrong") setError(t("errors.passwordWrong"));
      else if (failure.code === "account_has_open_orders")
        setOpen({
          items: (failure.body.open as OpenItem[] | undefined) ?? [],
          possibleFrom: typeof failure.body.possible_from === "string" ? failure.body.possible_from : null,
        });
      else if (failure.status === 429) setError(t("errors.rateLimited"));
      else setError(t("errors.failed"));
    } catch {
      setError(t("errors.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(value) => (value ? null : onClose())}>
      <DialogContent data-testid="delete-account-dialog">
        <DialogHeader>
          <DialogTitle>{t("dialogTitle")}</DialogTitle>
          <DialogDescription>{t("dialogDescription")}</DialogDescription>
        </DialogHeader>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>{t("consequences.profile")}</li>
          <li>{t("consequences.listings")}</li>
          <li>{t("consequences.messages")}</li>
          <li>{t("consequences.orders")}</li>
          <li>{t("consequences.export")}</li>
        </ul>
        {open ? <DeleteAccountRefusal open={open.items} possibleFrom={open.possibleFrom} /> : null}
        <form id={`${ids}-form`} onSubmit={submit} noValidate className="grid gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-password`}>{t("password")}</Label>
            <Input
              id={`${ids}-password`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="delete-account-password"
            />
          </div>
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${ids}-confirm`}
              checked={confirmed}
              onCheckedChange={(value) => setConfirmed(value === true)}
              data-testid="delete-account-confirm"
              className="mt-0.5"
            />
            <Label htmlFor={`${ids}-confirm`} className="leading-snug font-normal">{t("confirm")}</Label>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive" data-testid="delete-account-error">
              {error}
            </p>
          ) : null}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" form={`${ids}-form`} variant="destructive" disabled={busy} data-testid="delete-account-submit">
            {busy ? <Spinner /> : null}
            {t("submit")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
