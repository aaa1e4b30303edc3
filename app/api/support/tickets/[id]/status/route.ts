// PUT /api/support/tickets/{id}/status {status: "closed"}: the owner closes their ticket.
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { ownerStatusBody } from "@/lib/domains/support";
import { closeOwnTicket } from "@/lib/domains/support";

export const PUT = route({
  auth: "user",
  params: idParams,
  body: ownerStatusBody,
  handler: ({ user, params }) => closeOwnTicket(user, params.id),
});
