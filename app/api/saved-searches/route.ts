// GET /api/saved-searches: signed-in users, their saved searches with new matches. POST: save the current browse filters (20 at most).
import { json, route } from "@/lib/domains/route";
import { savedSearchInputSchema } from "@/lib/domains/saved-searches";
import { createSavedSearch, listSavedSearches } from "@/lib/domains/saved-searches";

export const GET = route({
  auth: "user",
  handler: ({ user }) => listSavedSearches(user.id),
});

export const POST = route({
  auth: "user",
  body: savedSearchInputSchema,
  handler: async ({ body, user }) => {
    const { created, search } = await createSavedSearch(user.id, body);
    return json(search, created ? 201 : 200);
  },
});
