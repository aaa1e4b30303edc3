// POST /api/reverse-geocode: signed-in users. A point in the Netherlands → its address, stored as a pickup location.
import { route } from "@/lib/domains/route";
import { reverseGeocodeSchema } from "@/lib/domains/geo";
import { reverseGeocode } from "@/lib/domains/geo";

export const POST = route({
  auth: "user",
  body: reverseGeocodeSchema,
  handler: ({ user, body }) => reverseGeocode(user.id, body.lat, body.lng),
});
