/** What client components may use of the support domain: nothing that needs the server. */
export { SUBJECT_MAX, TICKET_CATEGORIES, TICKET_MESSAGE_MAX, TICKET_PRIORITIES, TICKET_STATUSES } from "./limits";
export type { ReplyJson, TicketJson, TicketOrderJson } from "./service";
