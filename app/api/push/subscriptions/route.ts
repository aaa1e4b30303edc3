// POST, DELETE /api/push/subscriptions: this device's Web Push subscription (docs/notifications.md).
import { route } from "@/lib/domains/route";
import { pushSubscriptionSchema, pushUnsubscribeSchema, subscribePush, unsubscribePush } from "@/lib/domains/notifications";

export const POST = route({
  auth: "user",
  body: pushSubscriptionSchema,
  status: 201,
  handler: async ({ user, body }) => subscribePush(user.id, body),
});

export const DELETE = route({
  auth: "user",
  body: pushUnsubscribeSchema,
  handler: async ({ user, body }) => unsubscribePush(user.id, body.endpoint),
});
