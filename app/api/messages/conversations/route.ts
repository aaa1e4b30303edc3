// GET /api/messages/conversations: the caller's conversations, latest activity first;
// a system message as the preview is in the reader's language.
import { route } from "@/lib/domains/route";
import { listConversations } from "@/lib/domains/messaging";
import { notificationLocale } from "@/lib/domains/notifications";

export const GET = route({ auth: "user", handler: ({ req, user }) => listConversations(user.id, undefined, notificationLocale(req, user)) });
