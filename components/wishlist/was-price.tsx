import { useLocale, useTranslations } from "next-intl";
import { formatEuro } from "@/lib/platform/i18n/format";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";

/** The price before a drop, struck through (shown for 7 days after the seller lowered it). */
export function WasPrice({ price, className }: { price: number | null | undefined; className?: string }) {
  const t = useTranslations("wishlist");
  const locale = resolveLocale(useLocale());
  if (price === null || price === undefined) return null;
  const text = formatEuro(price, locale);
  return (
    <span className={cn("text-sm text-muted-foreground", className)} data-testid="was-price">
      <s aria-hidden="true">{text}</s>
      <span className="sr-only">{t("wasPrice", { price: text })}</span>
    </span>
  );
}
