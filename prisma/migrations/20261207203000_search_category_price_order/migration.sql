-- A category sorted by price reads its page from this index in the exact order of the
-- page (price, then newest). With (category_id, price_cents) alone, every listing at the
-- lowest price had to be read and sorted by date first: "lamp" in Verlichting by price
-- read 1,400 rows at a million listings for a page of 20. It serves the price ranges of
-- a category as the index it replaces did.
CREATE INDEX "products_category_id_price_cents_created_at_idx" ON "products"("category_id", "price_cents", "created_at" DESC);
DROP INDEX "products_category_id_price_cents_idx";
