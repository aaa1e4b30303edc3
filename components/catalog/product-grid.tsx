import { cn } from "@/lib/utils";
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
  showBuy = false,
}: {
  products: CardProduct[];
  priorityCount?: number;
  className?: string;
  testId?: string;
  /** Accessible name of the list (when the section heading does not name it). */
  label?: string;
  /** Cards get a "Buy now" button (see ProductCard). */
  showBuy?: boolean;
}) {
  return (
    <ul className={cn(GRID_CLASSES, className)} data-testid={testId} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < priorityCount} showBuy={showBuy} />
        </li>
      ))}
    </ul>
  );
}
