// GET /api/messages/images/{id}?size=thumb: a chat photo, for the conversation's two
// participants and admins only (404 for anyone else). docs/messaging.md.
import { route } from "@/lib/domains/route";
import { idParams, imageQuery, messageImageFile } from "@/lib/domains/messaging";

export const GET = route({
  auth: "user",
  params: idParams,
  query: imageQuery,
  handler: ({ user, params, query }) => messageImageFile(user, params.id, query.size),
});
