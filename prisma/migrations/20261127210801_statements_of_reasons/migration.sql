-- CreateEnum
CREATE TYPE "StatementKind" AS ENUM ('ban', 'listing_removal', 'payout_hold');

-- CreateEnum
CREATE TYPE "AppealStatus" AS ENUM ('open', 'upheld', 'reversed');

-- AlterTable
ALTER TABLE "reports" ADD COLUMN     "good_faith" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "reporter_email" TEXT,
ADD COLUMN     "reporter_locale" TEXT,
ALTER COLUMN "reporter_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "trader_certified_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "moderation_statements" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" "StatementKind" NOT NULL,
    "category" "ModerationCategory" NOT NULL,
    "facts" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "automated" BOOLEAN NOT NULL DEFAULT false,
    "target_type" TEXT NOT NULL,
    "target_id" UUID NOT NULL,
    "decided_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "moderation_statements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "appeals" (
    "id" UUID NOT NULL,
    "statement_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "status" "AppealStatus" NOT NULL DEFAULT 'open',
    "decision_reason" TEXT,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appeals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "moderation_statements_user_id_created_at_idx" ON "moderation_statements"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "moderation_statements_kind_created_at_idx" ON "moderation_statements"("kind", "created_at");

-- CreateIndex
CREATE INDEX "appeals_status_created_at_idx" ON "appeals"("status", "created_at");

-- CreateIndex
CREATE INDEX "appeals_statement_id_idx" ON "appeals"("statement_id");

-- CreateIndex
CREATE INDEX "appeals_user_id_idx" ON "appeals"("user_id");

-- AddForeignKey
ALTER TABLE "moderation_statements" ADD CONSTRAINT "moderation_statements_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "moderation_statements"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A report names who sent it: a signed-in user or a visitor's address.
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_known" CHECK ("reporter_id" IS NOT NULL OR "reporter_email" IS NOT NULL);
ALTER TABLE "moderation_statements" ADD CONSTRAINT "moderation_statements_lengths"
  CHECK (char_length("facts") BETWEEN 1 AND 2000 AND char_length("rule") BETWEEN 1 AND 500);
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_lengths" CHECK (char_length("text") BETWEEN 1 AND 2000);
