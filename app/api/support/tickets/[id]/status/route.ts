// PUT /api/support/tickets/{id}/status {status: "closed"}: the owner closes their ticket.
import { route } from "@/lib/platform/api/route";
import { idParams } from "@/lib/domains/orders/schemas";
import { ownerStatusBody } from "@/lib/domains/support/schemas";
import { closeOwnTicket } from "@/lib/domains/support/service";

export const PUT = route({
  auth: "user",
  params: idParams,
  body: ownerStatusBody,
  handler: ({ user, params }) => closeOwnTicket(user, params.id),
});
