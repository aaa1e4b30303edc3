/**
 * Support ticket limits and enums.
 * No zod here: client components import these without carrying the schemas.
 */
export const SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 2000;
/** In the order the form offers them: an order first, the catch-all last. */
export const TICKET_CATEGORIES = ["order", "account", "payment", "product", "technical", "other"] as const;
/** Set by staff; a new ticket starts at medium. */
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TicketPriorityName = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatusName = (typeof TICKET_STATUSES)[number];

export const FILL_ALL_FIELDS = "Please fill in all fields";
