/** Web Push: categories, allowed endpoints, keys and sending (docs/notifications.md). */
export { isPushCategory, PUSH_CATEGORIES, pushPreferencesOf, type PushCategory } from "./categories";
export { isAllowedPushEndpoint } from "./endpoint";
export { sendPush, vapidKeys } from "./send";
