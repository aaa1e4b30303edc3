"use client";

/**
 * The seller's sender address, asked before their first label (docs/returns.md):
 * postcode and house number, the rest looked up; the street only where the lookup knows
 * just the area. Private: it goes on labels and receives returns, buyers never see it.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { apiResult } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";

export function SenderAddressForm({ onSaved }: { onSaved: () => void }) {
  const t = useTranslations("sales.shipping.sender");
  const errorText = useErrorText();
  const id = React.useId();
  const [postcode, setPostcode] = React.useState("");
  const [number, setNumber] = React.useState("");
  const [street, setStreet] = React.useState("");
  const [askStreet, setAskStreet] = React.useState(false);
  const [busy, setBusy] = React.useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await apiResult("/api/shipping/sender-address", {
      method: "PUT",
      json: { postcode, house_number: number, ...(street.trim() ? { street } : {}) },
    });
    setBusy(false);
    if (result.ok) {
      toast.success(t("saved"));
      onSaved();
      return;
    }
    if (result.error.code === "address_not_found") setAskStreet(true);
    toast.error(errorText(result.error, t("failed")));
  }

  return (
    <form onSubmit={(e) => void save(e)} className="space-y-2 rounded-lg bg-muted/50 p-3" data-testid="sender-address-form">
      <p className="text-sm">{t("why")}</p>
      <div className="flex flex-wrap gap-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-postcode`}>{t("postcode")}</Label>
          <Input id={`${id}-postcode`} value={postcode} onChange={(e) => setPostcode(e.target.value)} autoComplete="postal-code" className="w-28" data-testid="sender-postcode" />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-number`}>{t("number")}</Label>
          <Input id={`${id}-number`} value={number} onChange={(e) => setNumber(e.target.value)} inputMode="numeric" className="w-20" data-testid="sender-number" />
        </div>
        {askStreet ? (
          <div className="space-y-1">
            <Label htmlFor={`${id}-street`}>{t("street")}</Label>
            <Input id={`${id}-street`} value={street} onChange={(e) => setStreet(e.target.value)} autoComplete="address-line1" data-testid="sender-street" />
          </div>
        ) : null}
      </div>
      <Button type="submit" size="sm" disabled={busy || !postcode.trim() || !number.trim()} data-testid="sender-save">
        {t("save")}
      </Button>
    </form>
  );
}
