"use client";

/**
 * Reviews and ratings on the product page: the summary, the list
 * (newest first, more on request), and the form, shown only when the server says the
 * viewer may review (GET .../reviews/eligibility), not for anyone with a login. The
 * summary and the first reviews come rendered from the server (ProductReviewsSection);
 * the code that draws reviews and stars here loads for more reviews or a new one.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import type { ReviewJson } from "@/lib/domains/reviews/client";
import type { EligibilityReason } from "@/lib/domains/reviews/schemas";
import { api, apiResult } from "@/components/lib/api-client";

/** The form's code loads only for a buyer who may review (most visitors may not). */
const ReviewForm = React.lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));
const loadReviewItem = () => import("./review-item");
const ReviewItem = React.lazy(() => loadReviewItem().then((m) => ({ default: m.ReviewItem })));
const StarRating = React.lazy(() => loadReviewItem().then((m) => ({ default: m.StarRating })));

const PAGE = 10;

type Eligibility = { can_review: boolean; reason: EligibilityReason | null };

/** Whether the signed-in user may review this product (null until known or when signed out). */
function useEligibility(productId: string, userId: string | null) {
  const [eligibility, setEligibility] = React.useState<Eligibility | null>(null);
  React.useEffect(() => {
    if (!userId) return;
    let live = true;
    api<Eligibility>(`/api/products/${productId}/reviews/eligibility`)
      .then((data) => {
        if (live && data) setEligibility(data);
      })
      .catch(() => {
        // No form then.
      });
    return () => {
      live = false;
    };
  }, [productId, userId]);
  return [eligibility, setEligibility] as const;
}

export function ProductReviews({
  productId,
  sellerId,
  initialIds,
  total: initialTotal,
  average: initialAverage,
  summary,
  hint,
  children,
}: {
  productId: string;
  sellerId: string;
  /** The reviews rendered on the server (`children`, their <li>s), newest first. */
  initialIds: string[];
  total: number;
  average: number;
  /** The stars for `average` and `total`, rendered on the server (null without reviews). */
  summary: React.ReactNode;
  /** The verified-purchase note. */
  hint: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useTranslations("reviews");
  const session = useSessionUser();
  /** Reviews written here (newest first), above the server's. */
  const [added, setAdded] = React.useState<ReviewJson[]>([]);
  /** Reviews loaded with "more", below the server's. */
  const [more, setMore] = React.useState<ReviewJson[]>([]);
  const [total, setTotal] = React.useState(initialTotal);
  const [average, setAverage] = React.useState(initialAverage);
  const userId = session.status === "authenticated" ? session.user.id : null;
  const [eligibility, setEligibility] = useEligibility(productId, userId);
  const count = added.length + initialIds.length + more.length;

  // A buyer who may review: the new review's code, ready for when it is sent.
  const canReview = eligibility?.can_review === true;
  React.useEffect(() => {
    if (canReview) void loadReviewItem().catch(() => undefined);
  }, [canReview]);

  async function loadMore() {
    const loaded = await apiResult<ReviewJson[]>(`/api/products/${productId}/reviews?limit=${PAGE}&skip=${count}`);
    if (!loaded.ok) return;
    const page = loaded.data;
    const known = new Set([...initialIds, ...added.map((review) => review.id)]);
    setMore((current) => [...current, ...page.filter((review) => !known.has(review.id) && !current.some((c) => c.id === review.id))]);
  }

  function submitted(review: ReviewJson) {
    setAdded((current) => [review, ...current]);
    setAverage((average * total + review.rating) / (total + 1));
    setTotal(total + 1);
    setEligibility({ can_review: false, reason: "already_reviewed" });
  }

  const note = eligibility && !eligibility.can_review && (eligibility.reason === "not_received" || eligibility.reason === "already_reviewed")
    ? t(`reasons.${eligibility.reason}`)
    : null;
  const items = (reviews: ReviewJson[]) =>
    reviews.length > 0 ? (
      <React.Suspense fallback={null}>
        {reviews.map((review) => (
          <ReviewItem key={review.id} review={review} sellerId={sellerId} />
        ))}
      </React.Suspense>
    ) : null;

  return (
    <section
      id="reviews"
      aria-labelledby="product-reviews-title"
      className="scroll-mt-24 space-y-4"
      data-testid="product-reviews"
      data-can-review={eligibility ? String(eligibility.can_review) : "unknown"}
      data-review-reason={eligibility?.reason ?? undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="product-reviews-title" className="text-xl font-semibold tracking-tight">
          {t("title")}
        </h2>
        <span data-testid="product-rating-summary">
          {total === 0 ? (
            <span className="text-sm text-muted-foreground">{t("summary", { count: 0 })}</span>
          ) : total === initialTotal ? (
            summary
          ) : (
            <React.Suspense fallback={null}>
              <StarRating rating={average} count={total} />
            </React.Suspense>
          )}
        </span>
      </div>
      {hint}
      {canReview ? (
        <React.Suspense fallback={null}>
          <ReviewForm productId={productId} onSubmitted={submitted} />
        </React.Suspense>
      ) : null}
      {note ? <p className="text-sm text-muted-foreground" data-testid="review-eligibility-note">{note}</p> : null}
      {count > 0 ? (
        <ul className="space-y-3" data-testid="review-list">
          {items(added)}
          {children}
          {items(more)}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="reviews-empty">{t("empty")}</p>
      )}
      {count < total ? (
        <Button variant="outline" onClick={() => void loadMore()}>
          {t("loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
