// PUT /api/notifications/mark-all-read: every unread notification of the caller.
import { route } from "@/lib/platform/api/route";
import { markAllRead } from "@/lib/domains/notifications/feed";

export const PUT = route({ auth: "user", handler: ({ user }) => markAllRead(user.id) });
