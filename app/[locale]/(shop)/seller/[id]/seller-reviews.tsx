/**
 * The reviews a seller received across their products, with replies (the seller
 * profile, /seller/{id}). The seller viewing their own profile can reply from here (known
 * in the browser: the profile is cached for everyone).
 */
import { getTranslations } from "next-intl/server";
import { listSellerReviews } from "@/lib/domains/reviews";
import { ReviewItem } from "@/components/reviews/review-item";

export const SELLER_REVIEWS_SHOWN = 20;

export async function SellerReviews({ sellerId }: { sellerId: string }) {
  const [t, { reviews, total }] = await Promise.all([
    getTranslations("reviews"),
    listSellerReviews(sellerId, { limit: SELLER_REVIEWS_SHOWN, skip: 0 }),
  ]);
  return (
    <section id="reviews" aria-labelledby="seller-reviews-title" className="mt-10 scroll-mt-24" data-testid="seller-reviews">
      <h2 id="seller-reviews-title" className="mb-2 text-xl font-semibold tracking-tight">
        {t("sellerTitle")} <span className="text-base font-normal text-muted-foreground">({t("summary", { count: total })})</span>
      </h2>
      <p className="mb-4 text-xs text-muted-foreground">{t("verifiedHint")}</p>
      {reviews.length > 0 ? (
        <ul className="space-y-3">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} sellerId={sellerId} showProduct />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("sellerEmpty")}</p>
      )}
    </section>
  );
}
