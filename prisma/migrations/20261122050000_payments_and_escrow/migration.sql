-- Payments and escrow: hosted-checkout URLs, dispute resolution, payout
-- waiting, localisable notifications, and the database guarantees the escrow relies on.

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "cancel_url" TEXT,
ADD COLUMN     "checkout_url" TEXT,
ADD COLUMN     "success_url" TEXT;

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "data" JSONB,
ADD COLUMN     "event" TEXT;

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "dispute_resolution" TEXT,
ADD COLUMN     "dispute_resolution_note" TEXT,
ADD COLUMN     "dispute_resolved_at" TIMESTAMPTZ(3),
ADD COLUMN     "payout_blocked_at" TIMESTAMPTZ(3);

-- DropIndex
DROP INDEX "ledger_entries_order_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_order_id_kind_key" ON "ledger_entries"("order_id", "kind");

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "active_product_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "orders_active_product_id_key" ON "orders"("active_product_id");

-- Two buyers can never both hold one product: active_product_id is the product while the
-- order is pending (reserved), held (paid, in escrow) or completed, and NULL once it is
-- cancelled or refunded; its unique index does the rest. A trigger keeps it, so no code
-- path can forget to.
CREATE FUNCTION orders_active_product() RETURNS trigger AS $$
BEGIN
  NEW.active_product_id := CASE WHEN NEW.status IN ('pending', 'held', 'completed')
                                THEN NEW.product_id END;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_active_product BEFORE INSERT OR UPDATE OF status, product_id ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_active_product();

-- A dispute resolution is refund or release.
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_resolution_values"
  CHECK ("dispute_resolution" IS NULL OR "dispute_resolution" IN ('refund', 'release'));
