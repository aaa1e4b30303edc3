"use client";

/**
 * The seller's sender address, asked before their first label (docs/returns.md):
 * postcode and house number first, street and town filled in from the address register
 * (components/addresses/dutch-address-fields.tsx), typed where it cannot answer. Private:
 * it goes on labels and receives returns, buyers never see it.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { DutchAddressFields, type DutchAddress } from "@/components/addresses/dutch-address-fields";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { apiResult } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";

const EMPTY: DutchAddress = { postcode: "", house_number: "", addition: "", street: "", city: "" };

export function SenderAddressForm({ onSaved }: { onSaved: () => void }) {
  const t = useTranslations("sales.shipping.sender");
  const errorText = useErrorText();
  const [address, setAddress] = React.useState<DutchAddress>(EMPTY);
  const [busy, setBusy] = React.useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await apiResult("/api/shipping/sender-address", {
      method: "PUT",
      json: {
        postcode: address.postcode,
        house_number: address.house_number.trim(),
        ...(address.addition.trim() ? { house_number_suffix: address.addition.trim() } : {}),
        ...(address.street.trim() ? { street: address.street.trim() } : {}),
        ...(address.city.trim() ? { city: address.city.trim() } : {}),
      },
    });
    setBusy(false);
    if (result.ok) {
      toast.success(t("saved"));
      onSaved();
      return;
    }
    toast.error(errorText(result.error, t("failed")));
  }

  return (
    <form onSubmit={(e) => void save(e)} className="space-y-3 rounded-lg bg-muted/50 p-3" data-testid="sender-address-form">
      <p className="text-sm">{t("why")}</p>
      <DutchAddressFields idPrefix="sender" value={address} onChange={(next) => setAddress((current) => ({ ...current, ...next }))} disabled={busy} />
      <Button type="submit" size="sm" disabled={busy || !address.postcode.trim() || !address.house_number.trim()} data-testid="sender-save">
        {t("save")}
      </Button>
    </form>
  );
}
