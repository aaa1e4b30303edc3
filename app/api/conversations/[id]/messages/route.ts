// GET /api/conversations/{id}/messages?before=&limit= (oldest first; marks read) and
// POST /api/conversations/{id}/messages?content=... (or a JSON body {content}, or a
// multipart form with `content` and up to four photos in `images`).
import { isMultipart } from "@/lib/platform/api/multipart";
import { readJson, route } from "@/lib/domains/route";
import { contentBody, contentQuery, idParams, messagesQuery, readMessageForm } from "@/lib/domains/messaging";
import { readMessages, sendMessage } from "@/lib/domains/messaging";
import { notificationLocale } from "@/lib/domains/notifications";

export const GET = route({
  auth: "user",
  params: idParams,
  query: messagesQuery,
  // System messages (offers) in the reader's language.
  handler: ({ req, user, params, query }) => readMessages(user.id, params.id, query, notificationLocale(req, user)),
});

export const POST = route({
  auth: "user",
  params: idParams,
  query: contentQuery,
  status: 201,
  handler: async ({ req, user, params, query }) => {
    if (isMultipart(req)) {
      const form = await readMessageForm(req);
      return sendMessage(user, params.id, query.content ?? form.content, form.files);
    }
    const body = contentBody.parse(await readJson(req));
    return sendMessage(user, params.id, query.content ?? body.content);
  },
});
