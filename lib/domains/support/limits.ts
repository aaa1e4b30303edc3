/**
 * Support ticket limits and enums.
 * No zod here: client components import these without carrying the schemas.
 */
export const SUBJECT_MAX = 200;
export const TICKET_MESSAGE_MAX = 2000;
export const TICKET_CATEGORIES = ["account", "payment", "product", "technical", "other"] as const;
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type TicketStatusName = (typeof TICKET_STATUSES)[number];

export const FILL_ALL_FIELDS = "Please fill in all fields";
