"use client";

/** Choosing 1 to 5 stars: a radio group (arrow keys work), each star labelled for screen readers. */
import * as React from "react";
import { useTranslations } from "next-intl";
import { StarIcon } from "lucide-react";
import { STARS } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";

export function StarInput({
  value,
  onChange,
  labelledBy,
  invalid,
}: {
  value: number;
  onChange: (rating: number) => void;
  labelledBy: string;
  invalid?: boolean;
}) {
  const t = useTranslations("reviews");
  const [hover, setHover] = React.useState(0);
  const name = React.useId();
  const shown = hover || value;
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} aria-invalid={invalid || undefined} className="flex gap-1" onMouseLeave={() => setHover(0)}>
      {Array.from({ length: STARS }, (_, index) => {
        const rating = index + 1;
        return (
          <label key={rating} className="cursor-pointer" onMouseEnter={() => setHover(rating)}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              className="peer sr-only"
              data-testid={`review-star-${rating}`}
            />
            <span className="sr-only">{t("star", { count: rating })}</span>
            <StarIcon
              aria-hidden="true"
              className={cn(
                "size-8 rounded-sm transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50",
                rating <= shown ? "fill-amber-400 text-amber-500" : "fill-muted text-amber-300",
              )}
            />
          </label>
        );
      })}
    </div>
  );
}
