/** 10 in the dropdown, 50 on the page; never more than 50 at once. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 10;
export const NOTIFICATIONS_MAX_LIMIT = 50;
