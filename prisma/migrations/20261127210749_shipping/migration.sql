-- CreateEnum
CREATE TYPE "DeliveryMethod" AS ENUM ('pickup', 'shipping');

-- CreateEnum
CREATE TYPE "ParcelSize" AS ENUM ('mailbox', 'parcel', 'large');

-- CreateEnum
CREATE TYPE "ShipmentStatus" AS ENUM ('label_created', 'in_transit', 'delivered', 'returned', 'lost');

-- AlterEnum
ALTER TYPE "LedgerEntryKind" ADD VALUE 'shipping';

-- AlterTable
ALTER TABLE "orders" ADD COLUMN     "delivery_method" "DeliveryMethod" NOT NULL DEFAULT 'pickup',
ADD COLUMN     "dispute_photos" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "parcel_id" UUID,
ADD COLUMN     "shipping_cents" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "delivery_options" "DeliveryMethod"[] DEFAULT ARRAY['pickup']::"DeliveryMethod"[],
ADD COLUMN     "parcel_size" "ParcelSize";

-- CreateTable
CREATE TABLE "parcels" (
    "id" UUID NOT NULL,
    "checkout_session_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "size" "ParcelSize" NOT NULL,
    "country" TEXT NOT NULL,
    "shipping_cents" INTEGER NOT NULL,
    "recipient_name" TEXT NOT NULL,
    "address" JSONB,
    "service_point" JSONB,
    "carrier" TEXT NOT NULL,
    "ship_by" TIMESTAMPTZ(3),
    "ship_by_reminder_at" TIMESTAMPTZ(3),
    "status" "ShipmentStatus",
    "provider" TEXT,
    "provider_shipment_id" TEXT,
    "tracking_code" TEXT,
    "tracking_url" TEXT,
    "label_created_at" TIMESTAMPTZ(3),
    "shipped_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "claim_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "parcels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipment_events" (
    "id" UUID NOT NULL,
    "parcel_id" UUID NOT NULL,
    "status" "ShipmentStatus" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "shipment_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shipping_destinations" (
    "user_id" UUID NOT NULL,
    "address" JSONB,
    "service_point" JSONB,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shipping_destinations_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "service_points" (
    "id" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "service_points_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "parcels_checkout_session_id_idx" ON "parcels"("checkout_session_id");

-- CreateIndex
CREATE INDEX "parcels_status_claim_until_idx" ON "parcels"("status", "claim_until");

-- CreateIndex
CREATE INDEX "parcels_ship_by_idx" ON "parcels"("ship_by");

-- CreateIndex
CREATE UNIQUE INDEX "parcels_provider_provider_shipment_id_key" ON "parcels"("provider", "provider_shipment_id");

-- CreateIndex
CREATE UNIQUE INDEX "shipment_events_parcel_id_status_key" ON "shipment_events"("parcel_id", "status");

-- AddForeignKey
ALTER TABLE "orders" ADD CONSTRAINT "orders_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "parcels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_checkout_session_id_fkey" FOREIGN KEY ("checkout_session_id") REFERENCES "checkout_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_parcel_id_fkey" FOREIGN KEY ("parcel_id") REFERENCES "parcels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipping_destinations" ADD CONSTRAINT "shipping_destinations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules Prisma cannot express (docs/architecture.md, "CHECK constraints").
-- A listing offers at least one of pickup and shipping; a parcel size exactly when it ships.
UPDATE "products" SET "delivery_options" = ARRAY['pickup']::"DeliveryMethod"[] WHERE "delivery_options" IS NULL;
ALTER TABLE "products" ADD CONSTRAINT "products_delivery_options" CHECK ("delivery_options" IS NOT NULL AND cardinality("delivery_options") BETWEEN 1 AND 2);
ALTER TABLE "products" ADD CONSTRAINT "products_parcel_size" CHECK (("parcel_size" IS NOT NULL) = ('shipping' = ANY("delivery_options")));
-- The buyer pays item + fee + shipping; the fee is never charged on shipping.
ALTER TABLE "orders" DROP CONSTRAINT "orders_money";
ALTER TABLE "orders" ADD CONSTRAINT "orders_money" CHECK ("amount_cents" > 0 AND "commission_cents" >= 0 AND "shipping_cents" >= 0 AND "total_cents" = "amount_cents" + "commission_cents" + "shipping_cents");
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_parcel" CHECK (("delivery_method" = 'shipping') = ("parcel_id" IS NOT NULL) AND ("delivery_method" = 'shipping' OR "shipping_cents" = 0));
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_photos" CHECK (cardinality("dispute_photos") <= 5);
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_money" CHECK ("shipping_cents" >= 0);
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_country" CHECK ("country" IN ('NL', 'BE'));
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_destination" CHECK (("address" IS NULL) <> ("service_point" IS NULL));
