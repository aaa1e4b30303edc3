import { cn } from "@/lib/platform/utils";
import type { CardActions } from "./card-actions";
import type { CardProduct } from "./card-product";
import { GRID_CLASSES } from "./grid-classes";
import { ProductCard } from "./product-card";

export { GRID_CLASSES };

/** A responsive grid of product cards; the first `priorityCount` pictures load at once. */
export function ProductGrid({
  products,
  priorityCount = 0,
  className,
  testId,
  label,
  withBuy,
}: {
  products: CardProduct[];
  priorityCount?: number;
  className?: string;
  testId?: string;
  /** Accessible name of the list (when the section heading does not name it). */
  label?: string;
  /** CardActions: cards get a "Buy now" button (see ProductCard). */
  withBuy?: typeof CardActions;
}) {
  return (
    <ul className={cn(GRID_CLASSES, className)} data-testid={testId} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} withBuy={withBuy} />
        </li>
      ))}
    </ul>
  );
}
