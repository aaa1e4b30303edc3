-- CreateEnum
CREATE TYPE "ReportTargetType" AS ENUM ('listing', 'user', 'message');

-- CreateEnum
CREATE TYPE "ModerationCategory" AS ENUM ('illegal', 'prohibited_item', 'counterfeit', 'scam', 'other');

-- CreateEnum
CREATE TYPE "ReportStatus" AS ENUM ('open', 'dismissed', 'listing_removed', 'user_banned');

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "hidden_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "support_tickets" ADD COLUMN     "order_id" UUID;

-- CreateTable
CREATE TABLE "reports" (
    "id" UUID NOT NULL,
    "reporter_id" UUID NOT NULL,
    "target_type" "ReportTargetType" NOT NULL,
    "target_id" UUID NOT NULL,
    "reason" "ModerationCategory" NOT NULL,
    "details" TEXT NOT NULL DEFAULT '',
    "status" "ReportStatus" NOT NULL DEFAULT 'open',
    "outcome_note" TEXT,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "actor_id" UUID NOT NULL,
    "actor_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "reports_status_created_at_idx" ON "reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "reports_target_type_target_id_idx" ON "reports"("target_type", "target_id");

-- CreateIndex
CREATE INDEX "reports_reporter_id_created_at_idx" ON "reports"("reporter_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_target_type_target_id_idx" ON "audit_log"("target_type", "target_id");

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- i11: rules Prisma cannot express.
ALTER TABLE "reports" ADD CONSTRAINT "reports_details_length" CHECK (char_length("details") <= 2000);

-- The audit log is append-only: no application path, and no stray SQL, can rewrite or
-- erase a row. (TRUNCATE stays possible for test databases; it is not a row operation.)
CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER audit_log_no_update_or_delete
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- A banned seller's products (hidden_at set) leave the per-category counts like sold or
-- deleted ones: the catalogue's rule is now "not sold, not deleted, not hidden".
CREATE OR REPLACE FUNCTION category_counts_refresh() RETURNS trigger AS $$
DECLARE
  was_listed boolean := TG_OP <> 'INSERT' AND OLD.status <> 'sold' AND OLD.deleted_at IS NULL AND OLD.hidden_at IS NULL;
  is_listed boolean := TG_OP <> 'DELETE' AND NEW.status <> 'sold' AND NEW.deleted_at IS NULL AND NEW.hidden_at IS NULL;
BEGIN
  IF TG_OP = 'UPDATE' AND was_listed = is_listed AND OLD.category_id = NEW.category_id THEN
    RETURN NULL;
  END IF;
  IF was_listed AND is_listed AND NEW.category_id < OLD.category_id THEN
    PERFORM category_counts_add(NEW.category_id, 1);
    PERFORM category_counts_add(OLD.category_id, -1);
    RETURN NULL;
  END IF;
  IF was_listed THEN
    PERFORM category_counts_add(OLD.category_id, -1);
  END IF;
  IF is_listed THEN
    PERFORM category_counts_add(NEW.category_id, 1);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER products_category_counts ON products;
CREATE TRIGGER products_category_counts
  AFTER INSERT OR DELETE OR UPDATE OF status, deleted_at, hidden_at, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION category_counts_refresh();
