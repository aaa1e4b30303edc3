"use client";

/**
 * The make-offer and counter-offer dialog. The asking price is loaded when it opens;
 * the amount is read with the shared price parser (lib/platform/money/price-input.ts) in the
 * page's language, and the server reads it the same way.
 */
import * as React from "react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { OfferAmountField } from "./offer-amount-field";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { parsePriceInput } from "@/lib/platform/money/price-input";
import { fetchProductPrice } from "./messages-api";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: string | null;
  /** Set for a counter-offer: the amount being countered (euros). */
  counterTo?: number;
  /** Sends the typed amount; answers an error code to show, or null on success. */
  onSubmit: (amount: string) => Promise<string | null>;
};

export function OfferDialog({ open, onOpenChange, productId, counterTo, onSubmit }: Props) {
  const t = useTranslations("offers");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  const [price, setPrice] = React.useState<number | null>(null);
  const [amount, setAmount] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const inputId = React.useId();

  React.useEffect(() => {
    if (!open || !productId) return;
    let cancelled = false;
    void fetchProductPrice(productId).then((result) => {
      if (!cancelled && result.ok) setPrice(result.data.price);
    });
    return () => {
      cancelled = true;
    };
  }, [open, productId]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = parsePriceInput(amount, locale);
    if (!parsed.ok) return setError(`amount_${parsed.error}`);
    if (price !== null && parsed.cents >= Math.round(price * 100)) return setError("not_below_price");
    setBusy(true);
    const code = await onSubmit(amount);
    setBusy(false);
    if (code) setError(code);
    else {
      setAmount("");
      onOpenChange(false);
    }
  }

  const known = new Set(["amount_required", "amount_invalid", "amount_ambiguous", "amount_decimals", "amount_too_low", "amount_too_high", "not_below_price", "offer_too_low", "offer_pending", "offer_not_pending", "product_unavailable"]);
  const priceText = price === null ? "…" : formatter.number(price, "euro");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setAmount("");
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="offer-dialog">
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>{counterTo === undefined ? t("dialogTitle") : t("counterTitle")}</DialogTitle>
            <DialogDescription data-testid="offer-dialog-price">
              {counterTo === undefined ? t("dialogDescription", { price: priceText }) : t("counterDescription", { amount: formatter.number(counterTo, "euro"), price: priceText })}
            </DialogDescription>
          </DialogHeader>
          <OfferAmountField
            id={inputId}
            label={t("amountLabel")}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            error={error ? (known.has(error) ? t(`errors.${error}`) : t("failed")) : null}
            testId="offer"
          />
          <DialogFooter>
            <Button type="submit" disabled={busy} aria-busy={busy || undefined} data-testid="offer-submit">
              {busy ? <Spinner className="text-current" /> : null}
              {counterTo === undefined ? t("submit") : t("submitCounter")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
