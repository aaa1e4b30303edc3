// POST /api/geocode: signed-in users. An address in the Netherlands → its position, stored as a pickup location.
import { route } from "@/lib/platform/api/route";
import { geocodeSchema } from "@/lib/domains/geo/schemas";
import { geocodeAddress } from "@/lib/domains/geo/service";

export const POST = route({
  auth: "user",
  body: geocodeSchema,
  handler: ({ user, body }) => geocodeAddress(user.id, body.address),
});
