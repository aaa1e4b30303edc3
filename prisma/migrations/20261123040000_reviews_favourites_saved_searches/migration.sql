-- i10: reviews (one per order, the seller's reply), the seller's stored rating aggregates,
-- price drops, saved searches.

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "previous_price_cents" INTEGER,
ADD COLUMN     "price_dropped_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "order_id" UUID,
ADD COLUMN     "seller_replied_at" TIMESTAMPTZ(3),
ADD COLUMN     "seller_reply" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "rating_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rating_sum" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "saved_searches" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "query" JSONB NOT NULL,
    "last_opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notified_up_to" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_notified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_searches_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "saved_searches_user_id_created_at_idx" ON "saved_searches"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "saved_searches_last_notified_at_idx" ON "saved_searches"("last_notified_at");

-- CreateIndex
CREATE UNIQUE INDEX "reviews_order_id_key" ON "reviews"("order_id");

-- CreateIndex
CREATE INDEX "reviews_seller_id_created_at_idx" ON "reviews"("seller_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "reviews_product_id_created_at_idx" ON "reviews"("product_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "wishlist_items_user_id_created_at_idx" ON "wishlist_items"("user_id", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The seller's reply, like the review itself, is 500 characters at most.
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_length" CHECK ("seller_reply" IS NULL OR char_length("seller_reply") <= 500);

-- Aggregates stay sane whatever the application does.
ALTER TABLE "users" ADD CONSTRAINT "users_rating_aggregate" CHECK ("rating_count" >= 0 AND "rating_sum" BETWEEN "rating_count" AND 5 * "rating_count");

-- (No CHECK that the struck-through price is above the current one: an edit writes the
-- new price first and clears the old one after; the JSON shows it only while higher.)

-- Backfill the aggregates from the reviews already written.
UPDATE "users" u SET "rating_sum" = r.s, "rating_count" = r.c
FROM (SELECT "seller_id", sum("rating")::int AS s, count(*)::int AS c FROM "reviews" GROUP BY "seller_id") r
WHERE u."id" = r."seller_id";
