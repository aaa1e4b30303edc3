/** Server part of the product page's reviews: the first page and the summary, then the client list and form. */
import { listProductReviews, productRating } from "@/lib/reviews/service";
import { ProductReviews } from "./product-reviews";

const FIRST_PAGE = 10;

export async function ProductReviewsSection({ productId, sellerId }: { productId: string; sellerId: string }) {
  const [{ reviews, total }, rating] = await Promise.all([
    listProductReviews(productId, { limit: FIRST_PAGE, skip: 0 }),
    productRating(productId),
  ]);
  return <ProductReviews productId={productId} sellerId={sellerId} initialReviews={reviews} total={total} average={rating.average_rating} />;
}
