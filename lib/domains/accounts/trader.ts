/**
 * Trader transparency: EU consumer law and the DSA ask a marketplace to show who a
 * business seller is. A business seller has a company name, a VAT number, a KvK number
 * (Dutch Chamber of Commerce: exactly 8 digits) and a business address; buyers of a
 * business seller have a 14-day right of withdrawal.
 */

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
