"use client";

/**
 * "Doe een bod" from the listing, loaded when the button is pressed:
 * the amount, POST /api/products/{id}/offers (the server finds or makes the conversation
 * and sends the offer in it), then on to that conversation. The amount is read with the
 * shared price parser in the page's language, as the server reads it; the server's
 * refusals (too low for the seller, not below the price, an open offer already) show
 * under the field.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { apiResult, codeOf } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { OfferAmountField } from "@/components/messaging/offer-amount-field";
import { toast } from "@/components/ui/toast";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { parsePriceInput } from "@/lib/platform/money/price-input";

const KNOWN = new Set([
  "amount_required",
  "amount_invalid",
  "amount_ambiguous",
  "amount_decimals",
  "amount_too_low",
  "amount_too_high",
  "not_below_price",
  "offer_too_low",
  "offer_pending",
  "product_unavailable",
  "own_product",
]);

type Props = {
  productId: string;
  title: string;
  /** The asking price (euros) the page shows. */
  price: number;
  onClose: () => void;
  /** A 401: the session ended since the button was pressed. */
  onLoginRequired: () => void;
};

export default function ListingOfferDialog({ productId, title, price, onClose, onLoginRequired }: Props) {
  const t = useTranslations("productOffer");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  const router = useRouter();
  const [amount, setAmount] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const inputId = React.useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = parsePriceInput(amount, locale);
    if (!parsed.ok) return setError(`amount_${parsed.error}`);
    if (parsed.cents >= Math.round(price * 100)) return setError("not_below_price");
    setBusy(true);
    const result = await apiResult<{ conversation_id: string }>(`/api/products/${encodeURIComponent(productId)}/offers`, {
      json: { amount },
      loginOn401: false,
    });
    setBusy(false);
    if (!result.ok) {
      if (result.status === 401) {
        onClose();
        return onLoginRequired();
      }
      return setError(codeOf(result.error) ?? "failed");
    }
    onClose();
    toast.success(t("sent"));
    router.push(`/messages?c=${result.data.conversation_id}`);
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="listing-offer-dialog" closeLabel={t("close")}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>{t("title")}</DialogTitle>
            <DialogDescription data-testid="listing-offer-price">{t("description", { title, price: formatter.number(price, "euro") })}</DialogDescription>
          </DialogHeader>
          <OfferAmountField
            id={inputId}
            label={t("amountLabel")}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            error={error ? (KNOWN.has(error) ? t(`errors.${error}`) : t("errors.failed")) : null}
            errorCode={error ?? undefined}
            testId="listing-offer"
          />
          <DialogFooter>
            <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined} data-testid="listing-offer-submit">
              {busy ? <Spinner className="text-current" /> : null}
              {t("submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
