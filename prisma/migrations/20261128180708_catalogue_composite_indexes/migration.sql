-- Composite indexes for selective searches at 1,000,000 products (docs/performance.md).
-- (category_id, price_cents): a category with a price range reads the range from the
-- index instead of ANDing a bitmap of the whole category with one of the whole range.
-- (location_id, category_id): a place or radius with a category probes only that
-- category's products per location; it serves every location_id lookup as well, so it
-- replaces the single-column index.
-- DropIndex
DROP INDEX "products_location_id_idx";

-- CreateIndex
CREATE INDEX "products_category_id_price_cents_idx" ON "products"("category_id", "price_cents");

-- CreateIndex
CREATE INDEX "products_location_id_category_id_idx" ON "products"("location_id", "category_id");
