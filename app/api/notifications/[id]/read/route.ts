// PUT /api/notifications/{id}/read: marks one of the caller's notifications read
// (someone else's, or an unknown id, is 404).
import { notFound } from "@/lib/platform/api/errors";
import { route } from "@/lib/platform/api/route";
import { isUuid } from "@/lib/domains/catalog/service";
import { markRead, notificationLocale } from "@/lib/domains/notifications/feed";
import { notificationParams } from "@/lib/domains/notifications/schemas";

export const PUT = route({
  auth: "user",
  params: notificationParams,
  handler: ({ user, params, req }) => {
    if (!isUuid(params.id)) throw notFound("Notification not found");
    return markRead(user.id, params.id, notificationLocale(req, user));
  },
});
