/**
 * Trader checks (DSA art. 30, "know your business customer"): before a business seller's
 * listing goes live they have given a KvK number, a business address, a phone number and
 * the self-certification that they offer only products that comply with EU law.
 * Existing business sellers are asked at their next listing (POST /api/products). The
 * details stay while any listing of theirs is live: they cannot be cleared, nor the
 * account made private, until the listings are sold or withdrawn (docs/trust-and-law.md).
 */
import { AppError } from "@/lib/platform/api/errors";
import { db, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";

export const TRADER_DETAILS_REQUIRED = "Business sellers give their KvK number, business address, phone and self-certification before listing";

type TraderCheckSource = Pick<User, "isBusinessSeller" | "kvkNumber" | "businessAddress" | "phone" | "traderCertifiedAt">;

/** A business seller's details, by their API field names, in the order they are asked. */
export type TraderDetail = "kvk_number" | "business_address" | "phone" | "trader_self_certified";

/** The API fields a business seller still has to give (none for a private seller). */
export function missingTraderDetails(user: TraderCheckSource): TraderDetail[] {
  if (!user.isBusinessSeller) return [];
  const missing: TraderDetail[] = [];
  if (!user.kvkNumber) missing.push("kvk_number");
  if (!user.businessAddress?.trim()) missing.push("business_address");
  if (!user.phone) missing.push("phone");
  if (!user.traderCertifiedAt) missing.push("trader_self_certified");
  return missing;
}

/**
 * 422 `trader_details_required`, naming each missing field, when the seller may not list
 * yet. Inside the listing's transaction (`tx`) it holds the user's row (FOR SHARE), so a
 * profile edit that clears a detail (assertTraderDetailsKept, FOR UPDATE) waits for the
 * new listing, or the listing for the edit: never both.
 */
export async function assertTraderReady(userId: string, tx?: Tx): Promise<void> {
  if (tx) await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR SHARE`;
  const user = await (tx ?? db).user.findUnique({
    where: { id: userId },
    select: { isBusinessSeller: true, kvkNumber: true, businessAddress: true, phone: true, traderCertifiedAt: true },
  });
  if (!user) return;
  const missing = missingTraderDetails(user);
  if (missing.length === 0) return;
  throw new AppError("validation", TRADER_DETAILS_REQUIRED, {
    code: "trader_details_required",
    errors: missing.map((field) => ({ field, message: TRADER_DETAILS_REQUIRED })),
  });
}

export const TRADER_DETAILS_KEPT = "A business seller keeps their KvK number, business address, phone and self-certification while listings are live";

/**
 * Listings buyers can find: not sold, not withdrawn, not hidden by moderation (the
 * seller page's count). Read here rather than through the catalogue, which imports this
 * domain.
 */
export async function liveListingCount(tx: Tx, sellerId: string): Promise<number> {
  return tx.product.count({ where: { sellerId, status: { not: "sold" }, deletedAt: null, hiddenAt: null } });
}

/**
 * 422 `trader_details_required` when a profile change would take away a trader detail the
 * seller had (or make a business account private) while they have live listings. Details
 * that were already missing do not block other edits. Call it in the transaction that
 * writes the change, after locking the user's row.
 */
export async function assertTraderDetailsKept(tx: Tx, before: TraderCheckSource & Pick<User, "id">, after: TraderCheckSource): Promise<void> {
  if (!before.isBusinessSeller) return;
  const had = new Set(missingTraderDetails(before));
  const lost = after.isBusinessSeller ? missingTraderDetails(after).filter((field) => !had.has(field)) : ["is_business_seller"];
  if (lost.length === 0) return;
  if ((await liveListingCount(tx, before.id)) === 0) return;
  throw new AppError("validation", TRADER_DETAILS_KEPT, {
    code: "trader_details_required",
    errors: lost.map((field) => ({ field, message: TRADER_DETAILS_KEPT })),
  });
}
