/** The notifications domain: the only way in for code outside it (client code uses ./client). */
export { listNotifications, markAllRead, markRead, notificationLocale, renderNotification, unreadCount } from "./feed";
export { notificationsJobs } from "./jobs";
export { confirmEmail, resendConfirmation, sendWelcomeMail } from "./mail-events";
export { notificationListQuery, notificationParams } from "./schemas";
export { NOTIFICATION_TEXTS, notify, notifyAdmins } from "./service";
export { NOTIFICATIONS_MAX_LIMIT } from "./limits";
export { pushPublicKey, pushSubscriptionSchema, pushUnsubscribeSchema, sendPendingPush, subscribePush, unsubscribePush } from "./push";
export { notificationsOperations } from "./openapi";
export { notificationJson } from "./responses";
