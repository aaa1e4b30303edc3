/** The support domain: the only way in for code outside it (client code uses ./client). */
export { SUBJECT_MAX, TICKET_CATEGORIES, TICKET_MESSAGE_MAX, TICKET_PRIORITIES, TICKET_STATUSES } from "./limits";
export { adminStatusQuery, adminTicketsQuery, createTicketBody, ownerStatusBody, replyBody } from "./schemas";
export { closeOwnTicket, createTicket, getTicket, listAllTickets, listOwnTickets, replyToTicket, serializeTicket, setTicketStatus, staffReply } from "./service";
export type { ReplyJson, TicketJson } from "./service";
