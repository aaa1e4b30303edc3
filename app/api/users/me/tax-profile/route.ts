// GET|PUT /api/users/me/tax-profile: the seller's DAC7 details (validated; the tax number
// and IBAN encrypted at rest and shown masked).
import { route } from "@/lib/domains/route";
import { getTaxProfile, putTaxProfile, taxProfileInput } from "@/lib/domains/tax";

export const GET = route({ auth: "user", handler: ({ user }) => getTaxProfile(user) });
export const PUT = route({ auth: "user", body: taxProfileInput, handler: ({ user, body }) => putTaxProfile(user, body) });
