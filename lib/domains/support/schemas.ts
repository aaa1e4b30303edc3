/** Support ticket input, shared by the API and the forms. */
import { z } from "zod";
import {
  SUBJECT_MAX,
  TICKET_MESSAGE_MAX,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  FILL_ALL_FIELDS,
} from "./limits";

const required = (max: number, label: string) =>
  z
    .string({ error: FILL_ALL_FIELDS })
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(max, `${label} must be at most ${max} characters`);

export const createTicketBody = z.object({
  subject: required(SUBJECT_MAX, "Subject"),
  message: required(TICKET_MESSAGE_MAX, "Message"),
  category: z.enum(TICKET_CATEGORIES, { error: "Unknown category" }).default("other"),
  /**
   * Staff set the priority. Older apps still send one: it is accepted and ignored, so
   * their requests keep working, and every new ticket starts at the default (medium).
   */
  priority: z.unknown().optional(),
  /** One of the caller's own orders, as buyer or seller (checked by the service). */
  order_id: z.string().trim().nullish(),
});
export type CreateTicketInput = z.output<typeof createTicketBody>;

export const replyBody = z.object({ message: required(TICKET_MESSAGE_MAX, "Message") });

/** The owner's PUT /support/tickets/{id}/status: only closing is theirs to do. */
export const ownerStatusBody = z.object({
  status: z.literal("closed", { error: "You can only close your ticket" }),
});

/** Admins set in_progress or resolved. */
export const adminStatusQuery = z.object({
  status: z.enum(["in_progress", "resolved"], { error: "status must be in_progress or resolved" }),
});

/** PUT /api/admin/tickets/{id}/priority: `?priority=` or `{priority}`. */
export const adminPriorityInput = z.object({
  priority: z.enum(TICKET_PRIORITIES, { error: "priority must be low, medium, high or urgent" }),
});
export const adminPriorityQuery = z.object({ priority: z.string().optional() });
export const adminPriorityBody = z.object({ priority: z.string().optional() }).optional();

export const adminTicketsQuery = z.object({
  status: z.enum(TICKET_STATUSES, { error: "Unknown status" }).optional(),
});

export * from "./limits";
