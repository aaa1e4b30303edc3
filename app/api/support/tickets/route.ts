// GET /api/support/tickets: the caller's tickets. POST: opens one (signed in; rate limited).
import { route } from "@/lib/domains/route";
import { createTicketBody } from "@/lib/domains/support";
import { createTicket, listOwnTickets } from "@/lib/domains/support";

export const GET = route({ auth: "user", handler: ({ user }) => listOwnTickets(user) });

export const POST = route({
  auth: "user",
  body: createTicketBody,
  status: 201,
  handler: ({ user, body }) => createTicket(user, body),
});
