// POST /api/support/tickets/{id}/reply {message}: the owner, or an admin as staff.
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { replyBody } from "@/lib/domains/support";
import { replyToTicket } from "@/lib/domains/support";

export const POST = route({
  auth: "user",
  params: idParams,
  body: replyBody,
  status: 201,
  handler: ({ user, params, body }) => replyToTicket(user, params.id, body.message),
});
