-- Returns (docs/returns.md): an item on its way back from the buyer to the seller, its
-- tracking steps, the ledger's return label and the seller's partial refund offers.

-- AlterEnum
ALTER TYPE "LedgerEntryKind" ADD VALUE 'return_shipping';

-- CreateEnum
CREATE TYPE "ReturnReason" AS ENUM ('not_as_described', 'withdrawal');

-- CreateEnum
CREATE TYPE "ReturnStatus" AS ENUM ('label_created', 'in_transit', 'delivered', 'accepted', 'disputed', 'refunded', 'expired');

-- AlterTable
ALTER TABLE "orders" ADD COLUMN "partial_refund_offer_cents" INTEGER,
ADD COLUMN "partial_refund_cents" INTEGER;

-- CreateTable
CREATE TABLE "returns" (
    "id" UUID NOT NULL,
    "order_id" UUID NOT NULL,
    "reason" "ReturnReason" NOT NULL,
    "status" "ReturnStatus" NOT NULL DEFAULT 'label_created',
    "provider" TEXT NOT NULL,
    "provider_shipment_id" TEXT NOT NULL,
    "carrier" TEXT NOT NULL,
    "tracking_code" TEXT NOT NULL,
    "tracking_url" TEXT,
    "label_cents" INTEGER NOT NULL,
    "paid_by" TEXT NOT NULL,
    "refund_cents" INTEGER NOT NULL,
    "hand_in_by" TIMESTAMPTZ(3) NOT NULL,
    "hand_in_reminder_at" TIMESTAMPTZ(3),
    "shipped_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "inspect_until" TIMESTAMPTZ(3),
    "inspect_reminder_at" TIMESTAMPTZ(3),
    "problem_description" TEXT,
    "problem_photos" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "problem_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "returns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "return_events" (
    "id" UUID NOT NULL,
    "return_id" UUID NOT NULL,
    "status" "ReturnStatus" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "return_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "returns_order_id_key" ON "returns"("order_id");

-- CreateIndex
CREATE INDEX "returns_status_hand_in_by_idx" ON "returns"("status", "hand_in_by");

-- CreateIndex
CREATE INDEX "returns_status_inspect_until_idx" ON "returns"("status", "inspect_until");

-- CreateIndex
CREATE UNIQUE INDEX "returns_provider_provider_shipment_id_key" ON "returns"("provider", "provider_shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "return_events_return_id_status_key" ON "return_events"("return_id", "status");

-- AddForeignKey
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_fkey" FOREIGN KEY ("return_id") REFERENCES "returns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A partial refund is less than the item price.
ALTER TABLE "orders" ADD CONSTRAINT "orders_partial_refund" CHECK (
  ("partial_refund_offer_cents" IS NULL OR ("partial_refund_offer_cents" > 0 AND "partial_refund_offer_cents" < "amount_cents")) AND
  ("partial_refund_cents" IS NULL OR ("partial_refund_cents" > 0 AND "partial_refund_cents" < "amount_cents"))
);

-- A dispute also ends in a return or an accepted partial refund.
ALTER TABLE "orders" DROP CONSTRAINT "orders_dispute_resolution_values";
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_resolution_values"
  CHECK ("dispute_resolution" IS NULL OR "dispute_resolution" IN ('refund', 'release', 'return', 'partial_refund'));

-- CreateTable
CREATE TABLE "sender_addresses" (
    "user_id" UUID NOT NULL,
    "street" TEXT NOT NULL,
    "house_number" TEXT NOT NULL,
    "house_number_suffix" TEXT,
    "postcode" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sender_addresses_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "sender_addresses" ADD CONSTRAINT "sender_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
