// GET /api/geocode/address?postcode=&house_number=&addition=: signed-in users. The street
// and town of a Dutch postcode and house number, for the address forms (docs/catalog.md).
import { route } from "@/lib/domains/route";
import { lookupPostalAddress, postalAddressQuerySchema } from "@/lib/domains/geo";

export const GET = route({
  auth: "user",
  query: postalAddressQuerySchema,
  handler: async ({ user, query }) => lookupPostalAddress(user.id, query),
});
