// GET /api/notifications?limit=10|50&read=true|false&before=<id>: the caller's
// notifications, newest first, in the reader's language.
import { route } from "@/lib/domains/route";
import { listNotifications, notificationLocale } from "@/lib/domains/notifications";
import { notificationListQuery } from "@/lib/domains/notifications";

export const GET = route({
  auth: "user",
  query: notificationListQuery,
  handler: ({ user, query, req }) => listNotifications(user.id, query, notificationLocale(req, user)),
});
