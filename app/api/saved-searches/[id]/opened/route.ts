// POST /api/saved-searches/{id}/opened: the owner opened the results; "new matches" count from now.
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { markSavedSearchOpened } from "@/lib/domains/saved-searches";

export const POST = route({
  auth: "user",
  params: z.object({ id: z.string() }),
  handler: ({ params, user }) => markSavedSearchOpened(user.id, params.id),
});
