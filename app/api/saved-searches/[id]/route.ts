// DELETE /api/saved-searches/{id}: the owner only (404 for anyone else).
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { deleteSavedSearch } from "@/lib/domains/saved-searches";

export const DELETE = route({
  auth: "user",
  params: z.object({ id: z.string() }),
  handler: ({ params, user }) => deleteSavedSearch(user.id, params.id),
});
