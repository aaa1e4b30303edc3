"use client";

/**
 * One review: stars, author, date, the verified-purchase label (EU rules on consumer
 * reviews), the comment and the seller's reply. The reviewed seller sees a reply form
 * while there is no reply yet (one reply per review).
 */
import * as React from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { BadgeCheckIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { StarRating } from "@/components/catalog/star-rating";
import { formatDate } from "@/lib/format";
import { resolveLocale } from "@/lib/i18n/config";
import type { ReviewJson } from "@/lib/reviews/service";

/** The reply form's code loads only for the viewer who may reply (the reviewed seller). */
const ReplyForm = React.lazy(() => import("./review-reply-form"));

export function ReviewItem({
  review: initial,
  canReply: allowed,
  sellerId,
  showProduct = false,
}: {
  review: ReviewJson;
  /** Whether the viewer may reply; or, on a page cached for everyone, `sellerId`: the signed-in seller may. */
  canReply?: boolean;
  sellerId?: string;
  showProduct?: boolean;
}) {
  const session = useSessionUser();
  const canReply = allowed ?? (sellerId !== undefined && session.user?.id === sellerId);
  const t = useTranslations("reviews");
  const locale = resolveLocale(useLocale());
  const [review, setReview] = React.useState(initial);
  const id = React.useId();

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
          {formatDate(review.created_at, locale)}
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
        <div className="ml-4 rounded-lg border-l-4 border-primary/40 bg-muted/50 p-3 text-sm" data-testid="review-reply">
          <p className="mb-1 text-xs font-semibold text-muted-foreground">{t("sellerReply")}</p>
          <p className="whitespace-pre-line">{review.seller_reply.message}</p>
        </div>
      ) : canReply ? (
        <React.Suspense fallback={null}>
          <ReplyForm id={id} reviewId={review.id} onReplied={setReview} />
        </React.Suspense>
      ) : null}
    </li>
  );
}
