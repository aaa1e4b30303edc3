import { useLocale, useTranslations } from "next-intl";
import { StarIcon } from "lucide-react";
import { STARS, starParts } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";


/** Five stars for an average rating, with the average and the number of reviews. */
export function StarRating({
  rating,
  count,
  size = "sm",
  showValue = true,
  className,
}: {
  rating: number;
  /** Number of reviews; when given, shown after the stars ("no reviews yet" at 0). */
  count?: number;
  size?: "sm" | "md";
  showValue?: boolean;
  className?: string;
}) {
  const t = useTranslations("catalog.rating");
  const locale = useLocale();
  const { full, half } = starParts(rating);
  const value = new Intl.NumberFormat(locale === "en" ? "en-GB" : "nl-NL", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating);
  const starClass = size === "md" ? "size-5" : "size-4";

  if (count === 0) {
    return (
      <span className={cn("text-sm text-muted-foreground", className)} data-testid="star-rating" data-rating="0">
        {t("none")}
      </span>
    );
  }

  return (
    <span
      className={cn("inline-flex items-center gap-1.5", className)}
      data-testid="star-rating"
      data-rating={rating}
      data-full-stars={full}
      data-half-star={half}
    >
      <span role="img" aria-label={t("label", { rating: value, max: STARS })} className="inline-flex gap-0.5">
        {Array.from({ length: STARS }, (_, index) => {
          const kind = index < full ? "full" : index === full && half ? "half" : "empty";
          return (
            <span key={index} className="relative inline-flex" data-star={kind}>
              <StarIcon aria-hidden="true" className={cn(starClass, "fill-muted text-amber-300")} />
              {kind !== "empty" ? (
                <span className={cn("absolute inset-y-0 left-0 overflow-hidden", kind === "half" ? "w-1/2" : "w-full")}>
                  <StarIcon aria-hidden="true" className={cn(starClass, "fill-amber-400 text-amber-500")} />
                </span>
              ) : null}
            </span>
          );
        })}
      </span>
      {showValue ? <span className="text-sm font-medium">{value}</span> : null}
      {count !== undefined ? (
        <span className="text-sm text-muted-foreground">{t("count", { count })}</span>
      ) : null}
    </span>
  );
}
