// PUT /api/notifications/{id}/read: marks one of the caller's notifications read
// (someone else's, or an unknown id, is 404).
import { notFound } from "@/lib/platform/api/errors";
import { route } from "@/lib/domains/route";
import { isUuid } from "@/lib/platform/api/ids";
import { markRead, notificationLocale } from "@/lib/domains/notifications";
import { notificationParams } from "@/lib/domains/notifications";

export const PUT = route({
  auth: "user",
  params: notificationParams,
  handler: ({ user, params, req }) => {
    if (!isUuid(params.id)) throw notFound("Notification not found", "notification_not_found");
    return markRead(user.id, params.id, notificationLocale(req, user));
  },
});
