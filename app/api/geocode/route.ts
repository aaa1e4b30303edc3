// POST /api/geocode: signed-in users. An address in the Netherlands → its position, stored as a pickup location.
import { route } from "@/lib/domains/route";
import { geocodeSchema } from "@/lib/domains/geo";
import { geocodeAddress } from "@/lib/domains/geo";

export const POST = route({
  auth: "user",
  body: geocodeSchema,
  handler: ({ user, body }) => geocodeAddress(user.id, body.address),
});
