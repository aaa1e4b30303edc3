// GET /api/geocode/suggest?q=&limit=: signed-in users. Type-ahead addresses, postcodes and places for the location picker.
import { route } from "@/lib/platform/api/route";
import { suggestQuerySchema } from "@/lib/domains/geo/schemas";
import { suggestPlaces } from "@/lib/domains/geo/service";

export const GET = route({
  auth: "user",
  query: suggestQuerySchema,
  handler: async ({ user, query }) => ({ suggestions: await suggestPlaces(user.id, query.q, query.limit) }),
});
