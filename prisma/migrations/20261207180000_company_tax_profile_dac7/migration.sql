-- A company's DAC7 tax profile has no date of birth (it reports as an entity:
-- docs/trust-and-law.md, "DAC7"); a person's still requires one (lib/domains/tax/profile.ts).
ALTER TABLE "tax_profiles" ALTER COLUMN "date_of_birth" DROP NOT NULL;
