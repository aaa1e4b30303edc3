import type { User } from "@/lib/platform/db/generated/client";
import { missingTraderDetails } from "./trader-checks";
import type { UserJson } from "./responses";

/** The API's user fields (docs/api.md), for the user themself (and admins). */
export function serializeUser(user: User): UserJson {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    is_business_seller: user.isBusinessSeller,
    business_name: user.businessName,
    vat_number: user.vatNumber,
    kvk_number: user.kvkNumber,
    business_address: user.businessAddress,
    /** A business seller's self-certification (DSA art. 30), needed before listing. */
    trader_self_certified: user.traderCertifiedAt !== null,
    /**
     * What a business seller still has to give before a listing goes live, as the names of
     * the fields that take it ("kvk_number", "business_address", "phone",
     * "trader_self_certified"); empty when complete and for a private account.
     */
    trader_details_missing: missingTraderDetails(user),
    is_admin: user.isAdmin,
    is_verified: user.isVerified,
    is_banned: user.isBanned,
    created_at: user.createdAt.toISOString(),
    profile_image: user.profileImage,
  };
}

export type { UserJson };
