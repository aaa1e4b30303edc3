// POST /api/saved-searches/{id}/opened: the owner opened the results; "new matches" count from now.
import { z } from "zod";
import { route } from "@/lib/platform/api/route";
import { markSavedSearchOpened } from "@/lib/domains/saved-searches/service";

export const POST = route({
  auth: "user",
  params: z.object({ id: z.string() }),
  handler: ({ params, user }) => markSavedSearchOpened(user.id, params.id),
});
