"use client";

/**
 * The heart over a product card's picture (the wishlist, docs/reviews-and-wishlist.md), outside the card's
 * link (a button inside a link is invalid markup); none on your own listing. Cards with
 * a "Buy now" row use CardActions (card-actions.tsx), which draws the same heart.
 */
import { HeartIcon } from "lucide-react";
import { useWishlistToggle } from "@/components/wishlist/use-wishlist";

export type CardButtonsProps = { productId: string; title: string; sellerId: string };

export function HeartButton({ productId, heart }: { productId: string; heart: ReturnType<typeof useWishlistToggle> }) {
  if (heart.hidden) return null;
  return (
    <button
      type="button"
      aria-pressed={heart.on}
      aria-label={heart.label}
      title={heart.label}
      disabled={heart.disabled}
      onClick={heart.toggle}
      data-testid="wishlist-heart"
      data-product-id={productId}
      data-saved={heart.on}
      className="flex size-9 items-center justify-center rounded-full bg-card/90 text-foreground shadow-sm transition-transform hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60 [&_svg]:size-4.5 absolute top-2 right-2 z-10"
    >
      <HeartIcon aria-hidden="true" className={heart.on ? "fill-rose-500 text-rose-500" : undefined} />
    </button>
  );
}

export function CardHeart({ productId, title, sellerId }: CardButtonsProps) {
  return <HeartButton productId={productId} heart={useWishlistToggle(productId, title, sellerId)} />;
}
