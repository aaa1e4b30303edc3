// GET /api/conversations/{id}/messages?before=&limit= (oldest first; marks read) and
// POST /api/conversations/{id}/messages?content=... (or a JSON body {content}).
import { route } from "@/lib/domains/route";
import { contentBody, contentQuery, idParams, messagesQuery } from "@/lib/domains/messaging";
import { readMessages, sendMessage } from "@/lib/domains/messaging";

export const GET = route({
  auth: "user",
  params: idParams,
  query: messagesQuery,
  handler: ({ user, params, query }) => readMessages(user.id, params.id, query),
});

export const POST = route({
  auth: "user",
  params: idParams,
  query: contentQuery,
  body: contentBody,
  status: 201,
  handler: ({ user, params, query, body }) => sendMessage(user, params.id, query.content ?? body.content),
});
