// GET /api/geocode/suggest?q=&limit=: signed-in users. Type-ahead addresses, postcodes and places for the location picker.
import { route } from "@/lib/domains/route";
import { suggestQuerySchema } from "@/lib/domains/geo";
import { suggestPlaces, type SuggestionsJson } from "@/lib/domains/geo";

export const GET = route({
  auth: "user",
  query: suggestQuerySchema,
  handler: async ({ user, query }) => ({ suggestions: await suggestPlaces(user.id, query.q, query.limit) }) satisfies SuggestionsJson,
});
