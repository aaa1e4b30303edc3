// GET /api/notifications/unread-count → {unread_count} (the bell polls it every 10 s
// when the event stream is down).
import { route } from "@/lib/domains/route";
import { unreadCount } from "@/lib/domains/notifications";

export const GET = route({ auth: "user", handler: ({ user }) => unreadCount(user.id) });
