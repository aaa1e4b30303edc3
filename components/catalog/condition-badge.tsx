import { useTranslations } from "next-intl";
import { CONDITION_CLASS_COLORS, conditionClass, type ProductCondition } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";

/**
 * A product's condition in the sell form's words (`product.conditions`, the same labels as
 * the form's `listing.conditions`: one vocabulary on every surface) and in
 * its class's map colour (excellent, good, fair, poor; docs/catalog.md). The colour
 * is a dot and a tinted border; the text stays dark, so it reads at small sizes (white on
 * the class colours would fall below WCAG AA).
 */
export function ConditionBadge({ condition, className }: { condition: ProductCondition; className?: string }) {
  const t = useTranslations("product.conditions");
  const cls = conditionClass(condition);
  const color = CONDITION_CLASS_COLORS[cls];
  return (
    <span
      data-testid="condition-badge"
      data-condition-class={cls}
      data-condition={condition}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground",
        className,
      )}
      style={{ borderColor: `${color}66`, backgroundColor: `${color}14` }}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: color }} />
      {t(condition)}
    </span>
  );
}
