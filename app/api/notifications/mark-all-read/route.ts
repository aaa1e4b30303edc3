// PUT /api/notifications/mark-all-read: every unread notification of the caller.
import { route } from "@/lib/domains/route";
import { markAllRead } from "@/lib/domains/notifications";

export const PUT = route({ auth: "user", handler: ({ user }) => markAllRead(user.id) });
