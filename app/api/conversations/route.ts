// POST /api/conversations {product_id, recipient_id, initial_message}: starts a
// conversation about a product (or appends to the existing one). 201 when new.
import { json, route } from "@/lib/platform/api/route";
import { startConversationBody } from "@/lib/domains/messaging/schemas";
import { startConversation } from "@/lib/domains/messaging/service";

export const POST = route({
  auth: "user",
  body: startConversationBody,
  handler: async ({ user, body }) => {
    const { created, conversation, message } = await startConversation(user, body);
    return json({ ...conversation, message }, created ? 201 : 200);
  },
});
