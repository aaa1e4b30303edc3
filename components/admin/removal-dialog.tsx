"use client";

/**
 * Removing a listing (DSA art. 17): the admin confirms with the title in view and gives
 * a category and the reasons, which the seller receives as their statement of reasons.
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { MODERATION_CATEGORIES, type ModerationCategoryName } from "@/lib/domains/reports/client";

type Props = {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (input: { category: ModerationCategoryName; reason: string }) => void;
  initialCategory?: ModerationCategoryName;
};

export function RemovalDialog({ title, busy, onCancel, onConfirm, initialCategory = "other" }: Props) {
  const t = useTranslations("admin.removal");
  const tc = useTranslations("reports.reason");
  const [category, setCategory] = useState<ModerationCategoryName>(initialCategory);
  const [reason, setReason] = useState("");
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-md" data-testid="removal-dialog">
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("question", { title })}</DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="removal-category">{t("category")}</Label>
          <NativeSelect id="removal-category" value={category} onChange={(e) => setCategory(e.target.value as ModerationCategoryName)} data-testid="removal-category">
            {MODERATION_CATEGORIES.map((c) => <option key={c} value={c}>{tc(c)}</option>)}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="removal-reason">{t("reason")}</Label>
          <Textarea id="removal-reason" rows={4} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="removal-reason" />
          <p className="text-xs text-muted-foreground">{t("reasonHint")}</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>{t("cancel")}</Button>
          <Button variant="destructive" disabled={busy || !reason.trim()} onClick={() => onConfirm({ category, reason })} data-testid="removal-confirm">
            {t("confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
