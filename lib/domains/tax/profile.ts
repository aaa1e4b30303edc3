/**
 * The seller's DAC7 tax profile: GET/PUT /api/users/me/tax-profile. The tax number and
 * IBAN are encrypted at rest (./crypto.ts) and only ever shown masked; the DPI report
 * (./report.ts) decrypts them.
 */
import { AppError } from "@/lib/platform/api/errors";
import { db, Prisma } from "@/lib/platform/db/client";
import type { TaxProfile, User } from "@/lib/platform/db/generated/client";
import { isCountryCode } from "./countries";
import { decrypt, encrypt } from "./crypto";
import type { AddressInput, TaxProfileInput } from "./input";
import type { TaxPrefillJson, TaxProfileAnswerJson, TaxProfileJson } from "./responses";
import { isValidBsn, mask, maskIban } from "./validation";

function addressOf(p: TaxProfile): AddressInput {
  return { street: p.street, house_number: p.houseNumber, postcode: p.postcode, city: p.city, country: p.country };
}

export function serializeTaxProfile(p: TaxProfile): TaxProfileJson {
  const tin = decrypt(p.tinEncrypted);
  return {
    legal_name: p.legalName,
    date_of_birth: p.dateOfBirth ? p.dateOfBirth.toISOString().slice(0, 10) : null,
    address: addressOf(p),
    tin_kind: p.tinKind === "bsn" ? "bsn" : "tin",
    bsn: p.tinKind === "bsn" ? mask(tin) : null,
    tin: p.tinKind === "tin" ? mask(tin) : null,
    tin_country: p.tinCountry,
    iban: maskIban(decrypt(p.ibanEncrypted)),
    kvk_number: p.kvkNumber,
    vat_number: p.vatNumber,
    registered_address: (p.registeredAddress as AddressInput | null) ?? null,
    updated_at: p.updatedAt.toISOString(),
  };
}

/**
 * Complete for DAC7: a person's with a date of birth, a company's with KvK and VAT, and
 * countries the report's schema knows (a row stored before they were checked may hold
 * another; the report leaves such a seller out until they correct it).
 */
export function isProfileComplete(p: TaxProfile | null, user: Pick<User, "isBusinessSeller">): boolean {
  if (!p || !isCountryCode(p.country) || !isCountryCode(p.tinCountry)) return false;
  if (user.isBusinessSeller) {
    const registered = (p.registeredAddress as { country?: unknown } | null)?.country;
    return Boolean(p.kvkNumber && p.vatNumber) && (registered === undefined || (typeof registered === "string" && isCountryCode(registered)));
  }
  return p.dateOfBirth !== null;
}

/**
 * What the form starts with where the profile has nothing yet, from the account: a
 * company's registered name, KvK and VAT numbers. A person's legal name is the one in
 * their passport, which their display name need not be: none.
 */
export function prefillOf(user: Pick<User, "isBusinessSeller" | "name" | "businessName" | "kvkNumber" | "vatNumber">): TaxPrefillJson {
  if (!user.isBusinessSeller) return { legal_name: null, kvk_number: null, vat_number: null };
  return { legal_name: user.businessName || user.name, kvk_number: user.kvkNumber, vat_number: user.vatNumber };
}

/** GET /api/users/me/tax-profile: the masked profile (null when none), whether it is complete, and the account's prefill. */
export async function getTaxProfile(user: User): Promise<TaxProfileAnswerJson> {
  const row = await db.taxProfile.findUnique({ where: { userId: user.id } });
  return { profile: row ? serializeTaxProfile(row) : null, complete: isProfileComplete(row, user), prefill: prefillOf(user) };
}

export const TIN_REQUIRED = "Give your BSN, or a foreign TIN with its country";
export const IBAN_REQUIRED = "IBAN is required";
export const BIRTH_REQUIRED = "Date of birth is required";
export const NO_BSN_FOR_COMPANY = "A company gives its RSIN (a Dutch TIN of 9 digits) or a foreign TIN, not a BSN";
export const NO_BIRTH_FOR_COMPANY = "A company has no date of birth: leave it out";

/** The tax number to store: the one given, else the stored one (left empty = keep), else 422. */
function tinOf(input: TaxProfileInput, existing: TaxProfile | null) {
  if (input.bsn) return { tinKind: "bsn", tinCountry: "NL", tinEncrypted: encrypt(input.bsn) };
  if (input.tin) return { tinKind: "tin", tinCountry: input.tin_country!, tinEncrypted: encrypt(input.tin) };
  if (existing) return { tinKind: existing.tinKind, tinCountry: existing.tinCountry, tinEncrypted: existing.tinEncrypted };
  return null;
}

/**
 * PUT /api/users/me/tax-profile: the whole profile, validated (input.ts). The BSN/TIN and
 * the IBAN are only ever shown masked, so when a profile is stored they may be left out
 * (or empty) to keep the stored ones; the first time they are required (422 per field).
 */
export async function putTaxProfile(user: User, input: TaxProfileInput): Promise<TaxProfileAnswerJson> {
  // A Dutch TIN is 9 digits (input.ts); a person's is their BSN, which passes the 11-test,
  // a company's its RSIN.
  if (!user.isBusinessSeller && !input.bsn && input.tin && input.tin_country === "NL" && !isValidBsn(input.tin)) {
    const message = "A Dutch tax number of a person is their BSN: enter a valid one (it fails the 11-test)";
    throw new AppError("validation", message, { code: "validation", errors: [{ field: "tin", message }] });
  }
  const existing = await db.taxProfile.findUnique({ where: { userId: user.id } });
  const company = user.isBusinessSeller;
  // A company reports as an entity (docs/trust-and-law.md, "DAC7"): no date of birth, no BSN.
  const tin = company && input.bsn ? null : tinOf(input, existing);
  const ibanEncrypted = input.iban ? encrypt(input.iban) : existing?.ibanEncrypted;
  const errors = [
    ...(!company && !input.date_of_birth ? [{ field: "date_of_birth", message: BIRTH_REQUIRED }] : []),
    ...(company && input.date_of_birth ? [{ field: "date_of_birth", message: NO_BIRTH_FOR_COMPANY }] : []),
    ...(company && input.bsn ? [{ field: "bsn", message: NO_BSN_FOR_COMPANY }] : tin ? [] : [{ field: "bsn", message: TIN_REQUIRED }]),
    ...(ibanEncrypted ? [] : [{ field: "iban", message: IBAN_REQUIRED }]),
  ];
  if (errors.length > 0 || !tin || !ibanEncrypted) throw new AppError("validation", errors[0]!.message, { code: "validation", errors });
  const data = {
    legalName: input.legal_name,
    dateOfBirth: company || !input.date_of_birth ? null : new Date(`${input.date_of_birth}T00:00:00Z`),
    street: input.address.street,
    houseNumber: input.address.house_number,
    postcode: input.address.postcode,
    city: input.address.city,
    country: input.address.country,
    ...tin,
    ibanEncrypted,
    kvkNumber: input.kvk_number ?? (user.isBusinessSeller ? user.kvkNumber : null),
    vatNumber: input.vat_number ?? (user.isBusinessSeller ? user.vatNumber : null),
    registeredAddress: input.registered_address ?? Prisma.DbNull,
  };
  const row = await db.taxProfile.upsert({ where: { userId: user.id }, create: { userId: user.id, ...data }, update: data });
  return { profile: serializeTaxProfile(row), complete: isProfileComplete(row, user), prefill: prefillOf(user) };
}
