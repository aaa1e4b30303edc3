"use client";

/**
 * Reviews and ratings on the product page (SPEC.md section 2): the summary, the list
 * (newest first, more on request), and the form, shown only when the server says the
 * viewer may review (GET .../reviews/eligibility), not for anyone with a login.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { InfoIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { StarRating } from "@/components/catalog/star-rating";
import { Button } from "@/components/ui/button";
import type { ReviewJson } from "@/lib/reviews/service";
import type { EligibilityReason } from "@/lib/reviews/schemas";
import { ReviewItem } from "./review-item";

/** The form's code loads only for a buyer who may review (most visitors may not). */
const ReviewForm = React.lazy(() => import("./review-form").then((m) => ({ default: m.ReviewForm })));

const PAGE = 10;

export function ProductReviews({
  productId,
  sellerId,
  initialReviews,
  total: initialTotal,
  average: initialAverage,
}: {
  productId: string;
  sellerId: string;
  initialReviews: ReviewJson[];
  total: number;
  average: number;
}) {
  const t = useTranslations("reviews");
  const session = useSessionUser();
  const [reviews, setReviews] = React.useState(initialReviews);
  const [total, setTotal] = React.useState(initialTotal);
  const [average, setAverage] = React.useState(initialAverage);
  const [eligibility, setEligibility] = React.useState<{ can_review: boolean; reason: EligibilityReason | null } | null>(null);
  const userId = session.status === "authenticated" ? session.user.id : null;

  React.useEffect(() => {
    if (!userId) return;
    let live = true;
    fetch(`/api/products/${productId}/reviews/eligibility`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : null))
      .then((data) => {
        if (live && data) setEligibility(data);
      })
      .catch(() => {
        // Only logged (SPEC.md section 5): no form then.
      });
    return () => {
      live = false;
    };
  }, [productId, userId]);

  async function loadMore() {
    const response = await fetch(`/api/products/${productId}/reviews?limit=${PAGE}&skip=${reviews.length}`);
    if (!response.ok) return;
    const more = (await response.json()) as ReviewJson[];
    setReviews((current) => [...current, ...more.filter((review) => !current.some((c) => c.id === review.id))]);
  }

  function submitted(review: ReviewJson) {
    setReviews((current) => [review, ...current]);
    setAverage((average * total + review.rating) / (total + 1));
    setTotal(total + 1);
    setEligibility({ can_review: false, reason: "already_reviewed" });
  }

  const note = eligibility && !eligibility.can_review && (eligibility.reason === "not_received" || eligibility.reason === "already_reviewed")
    ? t(`reasons.${eligibility.reason}`)
    : null;

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
          {total > 0 ? <StarRating rating={average} count={total} /> : <span className="text-sm text-muted-foreground">{t("summary", { count: 0 })}</span>}
        </span>
      </div>
      <p className="flex items-start gap-2 text-xs text-muted-foreground">
        <InfoIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {t("verifiedHint")}
      </p>
      {eligibility?.can_review ? (
        <React.Suspense fallback={null}>
          <ReviewForm productId={productId} onSubmitted={submitted} />
        </React.Suspense>
      ) : null}
      {note ? <p className="text-sm text-muted-foreground" data-testid="review-eligibility-note">{note}</p> : null}
      {reviews.length > 0 ? (
        <ul className="space-y-3" data-testid="review-list">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} canReply={userId !== null && userId === sellerId} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="reviews-empty">{t("empty")}</p>
      )}
      {reviews.length < total ? (
        <Button variant="outline" onClick={() => void loadMore()}>
          {t("loadMore")}
        </Button>
      ) : null}
    </section>
  );
}
