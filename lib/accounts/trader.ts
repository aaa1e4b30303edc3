/**
 * Trader transparency (i12b): EU consumer law and the DSA ask a marketplace to show who a
 * business seller is. A business seller has a company name, a VAT number, a KvK number
 * (Dutch Chamber of Commerce: exactly 8 digits) and a business address; buyers of a
 * business seller have a 14-day right of withdrawal.
 */
import { z } from "zod";
import { db } from "@/lib/db/client";
import { isUuid } from "@/lib/catalog/service";

export const KVK_DETAIL = "Enter a valid KvK number: 8 digits";
export const BUSINESS_ADDRESS_MAX = 300;

/** "1234 5678" or "12.34.56.78" are accepted and stored as "12345678". */
export function normalizeKvkNumber(raw: string): string {
  return raw.replace(/[\s.\-]/g, "");
}

export function isValidKvkNumber(raw: string): boolean {
  return /^\d{8}$/.test(normalizeKvkNumber(raw));
}

const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? v : v.trim()));

/** Optional KvK number: undefined keeps, blank/null clears, otherwise 8 digits. */
export const kvkSchema = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!v) return null;
  if (!isValidKvkNumber(v)) {
    ctx.addIssue({ code: "custom", message: KVK_DETAIL });
    return z.NEVER;
  }
  return normalizeKvkNumber(v);
});

export const businessAddressSchema = optionalText.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!v) return null;
  if (v.length > BUSINESS_ADDRESS_MAX) {
    ctx.addIssue({ code: "custom", message: `Business address must be at most ${BUSINESS_ADDRESS_MAX} characters` });
    return z.NEVER;
  }
  return v;
});

export type TraderDetails = {
  business_name: string | null;
  vat_number: string | null;
  kvk_number: string | null;
  business_address: string | null;
  /** Consumers buying from a trader may withdraw within 14 days (EU directive 2011/83). */
  withdrawal_days: 14;
};

type TraderSource = {
  isBusinessSeller: boolean;
  businessName: string | null;
  vatNumber: string | null;
  kvkNumber: string | null;
  businessAddress: string | null;
  deletedAt: Date | null;
};

/** The public trader block of a seller, or null for a private seller (or a deleted one). */
export function traderDetailsOf(user: TraderSource): TraderDetails | null {
  if (!user.isBusinessSeller || user.deletedAt) return null;
  return {
    business_name: user.businessName,
    vat_number: user.vatNumber,
    kvk_number: user.kvkNumber,
    business_address: user.businessAddress,
    withdrawal_days: 14,
  };
}

export const TRADER_SELECT = {
  isBusinessSeller: true,
  businessName: true,
  vatNumber: true,
  kvkNumber: true,
  businessAddress: true,
} as const;

export async function getTraderDetails(sellerId: string): Promise<TraderDetails | null> {
  if (!isUuid(sellerId)) return null;
  const user = await db.user.findUnique({
    where: { id: sellerId },
    select: { ...TRADER_SELECT, deletedAt: true },
  });
  return user ? traderDetailsOf(user) : null;
}
