"use client";

/**
 * A restriction with its statement of reasons (DSA art. 17): removing a listing,
 * banning a user or holding their payouts. The admin confirms with the target in view and gives the category,
 * the facts and the rule broken, all required; the user receives them by mail.
 */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { FACTS_MAX, MODERATION_CATEGORIES, RULE_MAX, type ModerationCategoryName } from "@/lib/domains/statements/client";

export type StatementReasons = { category: ModerationCategoryName; facts: string; rule: string };

type Props = {
  kind: "removal" | "ban" | "payoutHold";
  /** The listing's title or the user's name. */
  target: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reasons: StatementReasons) => void;
  initialCategory?: ModerationCategoryName;
};

export function StatementDialog({ kind, target, busy, onCancel, onConfirm, initialCategory = "other" }: Props) {
  const t = useTranslations("admin.statement");
  const tc = useTranslations("reports.reason");
  const [category, setCategory] = useState<ModerationCategoryName>(initialCategory);
  const [facts, setFacts] = useState("");
  const [rule, setRule] = useState("");
  const ready = facts.trim() !== "" && rule.trim() !== "";
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-md" data-testid="statement-dialog">
        <DialogHeader>
          <DialogTitle>{t(`${kind}.title`)}</DialogTitle>
          <DialogDescription>{t(`${kind}.question`, { target })}</DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="statement-category">{t("category")}</Label>
          <NativeSelect id="statement-category" value={category} onChange={(e) => setCategory(e.target.value as ModerationCategoryName)} data-testid="statement-category">
            {MODERATION_CATEGORIES.map((c) => <option key={c} value={c}>{tc(c)}</option>)}
          </NativeSelect>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="statement-facts">{t("facts")}</Label>
          <Textarea id="statement-facts" rows={4} maxLength={FACTS_MAX} required value={facts} onChange={(e) => setFacts(e.target.value)} data-testid="statement-facts" />
          <p className="text-xs text-muted-foreground">{t("factsHint")}</p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="statement-rule">{t("rule")}</Label>
          <Input id="statement-rule" maxLength={RULE_MAX} required value={rule} onChange={(e) => setRule(e.target.value)} placeholder={t("rulePlaceholder")} data-testid="statement-rule" />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>{t("cancel")}</Button>
          <Button variant="destructive" disabled={busy || !ready} onClick={() => onConfirm({ category, facts: facts.trim(), rule: rule.trim() })} data-testid="statement-confirm">
            {t(`${kind}.confirm`)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
