/**
 * The notifications operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { markedAllReadJson, notificationJson, pushPublicKeyJson, pushSubscribedJson, pushUnsubscribedJson, unreadCountJson } from "./responses";

export const notificationsOperations: TaggedOperations = {
  tag: "notifications",
  description: "Notifications and Web Push",
  operations: [
    { method: "GET", path: "/api/notifications", summary: "The caller's notifications", response: z.array(notificationJson) },
    { method: "PUT", path: "/api/notifications/{id}/read", summary: "Mark a notification read", errors: [404], response: notificationJson },
    { method: "PUT", path: "/api/notifications/mark-all-read", summary: "Mark every notification read", response: markedAllReadJson },
    { method: "GET", path: "/api/notifications/unread-count", summary: "The number of unread notifications", response: unreadCountJson },
    { method: "GET", path: "/api/push/public-key", summary: "The VAPID public key to subscribe with", response: pushPublicKeyJson },
    { method: "POST", path: "/api/push/subscriptions", summary: "Register this device's push subscription", response: pushSubscribedJson, errors: [422] },
    { method: "DELETE", path: "/api/push/subscriptions", summary: "Remove this device's push subscription", response: pushUnsubscribedJson },
  ],
};
