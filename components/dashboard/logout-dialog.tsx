"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { signOut } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";

/** "Uitloggen?" with Annuleren and Uitloggen (./logout-button.tsx). */
export default function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("logout");
  const [busy, setBusy] = React.useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent data-testid="logout-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button
            data-testid="logout-confirm"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void signOut({ callbackUrl: "/" });
            }}
          >
            {busy ? <Spinner className="size-4" label={t("busy")} /> : null}
            {t("confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
