// GET /api/messages/conversations: the caller's conversations, latest activity first.
import { route } from "@/lib/domains/route";
import { listConversations } from "@/lib/domains/messaging";

export const GET = route({ auth: "user", handler: ({ user }) => listConversations(user.id) });
