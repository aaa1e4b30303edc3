/**
 * Server part of the product page's reviews: the summary and the first page's reviews
 * render here (stars, dates and all); ProductReviews, the client part, adds the form, the
 * reviews loaded later and the summary after a review is added.
 */
import { useTranslations } from "next-intl";
import { InfoIcon } from "lucide-react";
import { StarRating } from "@/components/catalog/star-rating";
import { listProductReviews, productRating } from "@/lib/domains/reviews";
import { ProductReviews } from "@/components/reviews/product-reviews";
import { ReviewItem } from "@/components/reviews/review-item";

const FIRST_PAGE = 10;

export async function ProductReviewsSection({ productId, sellerId }: { productId: string; sellerId: string }) {
  const [{ reviews, total }, rating] = await Promise.all([
    listProductReviews(productId, { limit: FIRST_PAGE, skip: 0 }),
    productRating(productId),
  ]);
  return (
    <ProductReviews
      productId={productId}
      sellerId={sellerId}
      initialIds={reviews.map((review) => review.id)}
      total={total}
      average={rating.average_rating}
      summary={total > 0 ? <StarRating rating={rating.average_rating} count={total} /> : null}
      hint={<VerifiedHint />}
    >
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} sellerId={sellerId} />
      ))}
    </ProductReviews>
  );
}

function VerifiedHint() {
  const t = useTranslations("reviews");
  return (
    <p className="flex items-start gap-2 text-xs text-muted-foreground">
      <InfoIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {t("verifiedHint")}
    </p>
  );
}
