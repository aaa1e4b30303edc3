import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/lib/platform/utils";

/** The price before a drop, struck through (shown for 7 days after the seller lowered it). */
export function WasPrice({ price, className }: { price: number | null | undefined; className?: string }) {
  const t = useTranslations("wishlist");
  const formatter = useFormatter();
  if (price === null || price === undefined) return null;
  const text = formatter.number(price, "euro");
  return (
    <span className={cn("text-sm text-muted-foreground", className)} data-testid="was-price">
      <s aria-hidden="true">{text}</s>
      <span className="sr-only">{t("wasPrice", { price: text })}</span>
    </span>
  );
}
