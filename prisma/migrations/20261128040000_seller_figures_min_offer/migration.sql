-- AlterTable
ALTER TABLE "products" ADD COLUMN     "min_offer_cents" INTEGER;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "last_active_at" TIMESTAMPTZ(3),
ADD COLUMN     "response_minutes" INTEGER;

-- The minimum offer is a price below the asking price (checked again by the service).
ALTER TABLE "products" ADD CONSTRAINT "products_min_offer_range" CHECK ("min_offer_cents" IS NULL OR "min_offer_cents" >= 1);
