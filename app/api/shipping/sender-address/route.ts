// GET /api/shipping/sender-address: the caller's own sender address (or null).
// PUT /api/shipping/sender-address {postcode, house_number, house_number_suffix?, street?, city?}:
// looked up and stored privately; printed on labels, never shown to buyers (docs/returns.md).
import { route } from "@/lib/domains/route";
import { saveSenderAddress, senderAddressBody, senderAddressOf } from "@/lib/domains/shipping";

export const GET = route({ auth: "user", handler: ({ user }) => senderAddressOf(user.id) });
export const PUT = route({ auth: "user", body: senderAddressBody, handler: ({ user, body }) => saveSenderAddress(user.id, body) });
