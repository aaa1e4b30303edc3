import { useTranslations } from "next-intl";
import { CONDITION_CLASS_COLORS, conditionClass, type ProductCondition } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";

/**
 * The condition class of a product (excellent, good, fair, poor; DECISIONS.md section 4)
 * in its map colour. The colour is a dot and a tinted border; the text stays dark, so it
 * reads at small sizes (white on the class colours would fall below WCAG AA).
 */
export function ConditionBadge({ condition, className }: { condition: ProductCondition; className?: string }) {
  const t = useTranslations("catalog.conditionClasses");
  const cls = conditionClass(condition);
  const color = CONDITION_CLASS_COLORS[cls];
  return (
    <span
      data-testid="condition-badge"
      data-condition-class={cls}
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground",
        className,
      )}
      style={{ borderColor: `${color}66`, backgroundColor: `${color}14` }}
    >
      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: color }} />
      {t(cls)}
    </span>
  );
}
