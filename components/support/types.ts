import type { ReplyJson, TicketJson } from "@/lib/domains/support/service";

export type { ReplyJson, TicketJson };
export type TicketDetail = { ticket: TicketJson; replies: ReplyJson[] };
