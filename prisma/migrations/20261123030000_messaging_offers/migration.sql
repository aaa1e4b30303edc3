-- i09a: messaging warnings and offers
-- CreateEnum
CREATE TYPE "OfferStatus" AS ENUM ('pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired');

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "offer_id" UUID,
ADD COLUMN     "warning" TEXT;

-- CreateTable
CREATE TABLE "offers" (
    "id" UUID NOT NULL,
    "conversation_id" UUID NOT NULL,
    "product_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "made_by" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "status" "OfferStatus" NOT NULL DEFAULT 'pending',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "responded_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "offers_product_id_buyer_id_status_idx" ON "offers"("product_id", "buyer_id", "status");

-- CreateIndex
CREATE INDEX "offers_status_expires_at_idx" ON "offers"("status", "expires_at");

-- CreateIndex
CREATE INDEX "offers_conversation_id_idx" ON "offers"("conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "messages_offer_id_key" ON "messages"("offer_id");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_offer_id_fkey" FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Rules Prisma cannot express.
ALTER TABLE "offers" ADD CONSTRAINT "offers_amount_positive" CHECK ("amount_cents" > 0 AND "amount_cents" <= 99999900);
ALTER TABLE "offers" ADD CONSTRAINT "offers_made_by" CHECK ("made_by" IN ('buyer', 'seller'));
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_length" CHECK (char_length("content") <= 2000);
