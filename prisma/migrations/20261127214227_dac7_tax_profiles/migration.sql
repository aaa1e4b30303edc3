-- CreateTable
CREATE TABLE "tax_profiles" (
    "user_id" UUID NOT NULL,
    "legal_name" TEXT NOT NULL,
    "date_of_birth" DATE NOT NULL,
    "street" TEXT NOT NULL,
    "house_number" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "tin_kind" TEXT NOT NULL,
    "tin_country" TEXT NOT NULL,
    "tin_encrypted" TEXT NOT NULL,
    "iban_encrypted" TEXT NOT NULL,
    "kvk_number" TEXT,
    "vat_number" TEXT,
    "registered_address" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tax_profiles_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_tin_kind" CHECK ("tin_kind" IN ('bsn', 'tin'));
