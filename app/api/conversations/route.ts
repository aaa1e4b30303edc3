// POST /api/conversations {product_id, recipient_id, initial_message}: starts a
// conversation about a product (or appends to the existing one). 201 when new.
import { json, route } from "@/lib/domains/route";
import { startConversationBody } from "@/lib/domains/messaging";
import { startConversation } from "@/lib/domains/messaging";
import { notificationLocale } from "@/lib/domains/notifications";

export const POST = route({
  auth: "user",
  body: startConversationBody,
  handler: async ({ req, user, body }) => {
    const { created, conversation, message } = await startConversation(user, body, notificationLocale(req, user));
    return json({ ...conversation, message }, created ? 201 : 200);
  },
});
