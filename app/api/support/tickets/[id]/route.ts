// GET /api/support/tickets/{id} → {ticket, replies}: the owner and admins (404 for others).
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { getTicket } from "@/lib/domains/support";

export const GET = route({ auth: "user", params: idParams, handler: ({ user, params }) => getTicket(user, params.id) });
