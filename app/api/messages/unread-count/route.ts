// GET /api/messages/unread-count → {unread_count}: the signed-in user's conversations with
// unread messages (the phone's Berichten tab; refreshed on live events, else polled).
import { route } from "@/lib/domains/route";
import { unreadConversationCount } from "@/lib/domains/messaging";

export const GET = route({ auth: "user", handler: ({ user }) => unreadConversationCount(user.id) });
