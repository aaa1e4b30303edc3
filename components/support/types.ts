import type { ReplyJson, TicketJson } from "@/lib/domains/support/client";

export type { ReplyJson, TicketJson };
export type TicketDetail = { ticket: TicketJson; replies: ReplyJson[] };
