/** The support domain: the only way in for code outside it (client code uses ./client). */
export { adminPriorityBody, adminPriorityInput, adminPriorityQuery, adminStatusQuery, adminTicketsQuery, createTicketBody, ownerStatusBody, replyBody } from "./schemas";
export { closeOwnTicket, createTicket, getTicket, listAllTickets, listOwnTickets, replyToTicket, serializeTicket, setTicketPriority, setTicketStatus, staffReply } from "./service";
export { supportOperations } from "./openapi";
export { replyJson, ticketJson } from "./responses";
