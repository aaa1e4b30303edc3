// GET /api/notifications/unread-count → {unread_count} (the bell polls it every 10 s
// when the event stream is down).
import { route } from "@/lib/platform/api/route";
import { unreadCount } from "@/lib/domains/notifications/feed";

export const GET = route({ auth: "user", handler: ({ user }) => unreadCount(user.id) });
