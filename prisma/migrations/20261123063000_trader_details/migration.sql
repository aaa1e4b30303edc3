-- i12b: trader transparency for business sellers (KvK number, business address).
ALTER TABLE "users" ADD COLUMN "kvk_number" TEXT;
ALTER TABLE "users" ADD COLUMN "business_address" TEXT;
