// PUT /api/support/tickets/{id}/status {status: "closed"}: the owner closes their ticket.
import { route } from "@/lib/api/route";
import { idParams } from "@/lib/orders/schemas";
import { ownerStatusBody } from "@/lib/support/schemas";
import { closeOwnTicket } from "@/lib/support/service";

export const PUT = route({
  auth: "user",
  params: idParams,
  body: ownerStatusBody,
  handler: ({ user, params }) => closeOwnTicket(user, params.id),
});
