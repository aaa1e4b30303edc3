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
  priority: z.enum(TICKET_PRIORITIES, { error: "Unknown priority" }).default("medium"),
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

export const adminTicketsQuery = z.object({
  status: z.enum(TICKET_STATUSES, { error: "Unknown status" }).optional(),
});

export * from "./limits";
