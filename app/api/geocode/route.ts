// POST /api/geocode: signed-in users. An address in the Netherlands → its position, stored as a pickup location.
import { route } from "@/lib/api/route";
import { geocodeSchema } from "@/lib/geo/schemas";
import { geocodeAddress } from "@/lib/geo/service";

export const POST = route({
  auth: "user",
  body: geocodeSchema,
  handler: ({ user, body }) => geocodeAddress(user.id, body.address),
});
