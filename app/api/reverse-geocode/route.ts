// POST /api/reverse-geocode: signed-in users. A point in the Netherlands → its address, stored as a pickup location.
import { route } from "@/lib/api/route";
import { reverseGeocodeSchema } from "@/lib/geo/schemas";
import { reverseGeocode } from "@/lib/geo/service";

export const POST = route({
  auth: "user",
  body: reverseGeocodeSchema,
  handler: ({ user, body }) => reverseGeocode(user.id, body.lat, body.lng),
});
