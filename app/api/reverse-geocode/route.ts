// POST /api/reverse-geocode: signed-in users. A point in the Netherlands → its address, stored as a pickup location.
import { route } from "@/lib/platform/api/route";
import { reverseGeocodeSchema } from "@/lib/domains/geo/schemas";
import { reverseGeocode } from "@/lib/domains/geo/service";

export const POST = route({
  auth: "user",
  body: reverseGeocodeSchema,
  handler: ({ user, body }) => reverseGeocode(user.id, body.lat, body.lng),
});
