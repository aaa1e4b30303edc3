/**
 * One review: stars, author, date, the verified-purchase label (EU rules on consumer
 * reviews), the comment and the seller's reply. Rendered on the server (the product page
 * and the seller profile; the product page's reviews loaded later render it in the
 * browser). While there is no reply yet, ReviewReplySlot offers the reviewed seller a
 * reply form (one reply per review).
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { BadgeCheckIcon } from "lucide-react";
import { StarRating } from "@/components/catalog/star-rating";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import type { ReviewJson } from "@/lib/domains/reviews/client";
import { ReviewReplySlot } from "./review-reply-slot";
import { SellerReply } from "./seller-reply";

/** For the product page's client part, which loads its stars with the reviews' code. */
export { StarRating };

export function ReviewItem({
  review,
  sellerId,
  showProduct = false,
}: {
  review: ReviewJson;
  /** The reviewed seller: signed in, they may reply. */
  sellerId: string;
  showProduct?: boolean;
}) {
  const t = useTranslations("reviews");
  const locale = resolveLocale(useLocale());

  return (
    <li className="space-y-2 rounded-xl border bg-card p-4" data-testid="review" data-review-id={review.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StarRating rating={review.rating} showValue={false} />
          <span className="font-medium" data-testid="review-author">
            {review.user_name}
          </span>
          <span
            className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-400"
            title={t("verifiedHint")}
            data-testid="review-verified"
          >
            <BadgeCheckIcon aria-hidden="true" className="size-3.5" />
            {t("verified")}
          </span>
        </div>
        <time dateTime={review.created_at} className="text-xs text-muted-foreground">
          {appFormatter(locale).dateTime(new Date(review.created_at), "date")}
        </time>
      </div>
      {showProduct ? (
        <p className="text-xs text-muted-foreground">
          {/* No prefetch: product pages are cached whole (see product-card.tsx). */}
          <Link href={`/product/${review.product_id}`} prefetch={false} className="hover:underline">
            {t("about", { title: review.product_title })}
          </Link>
        </p>
      ) : null}
      {review.comment ? (
        <p className="text-sm leading-relaxed whitespace-pre-line" data-testid="review-comment">
          {review.comment}
        </p>
      ) : null}
      {review.seller_reply ? (
        <SellerReply message={review.seller_reply.message} />
      ) : (
        <ReviewReplySlot reviewId={review.id} sellerId={sellerId} />
      )}
    </li>
  );
}
