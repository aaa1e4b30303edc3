// GET /api/support/tickets/{id} → {ticket, replies}: the owner and admins (404 for others).
import { route } from "@/lib/platform/api/route";
import { idParams } from "@/lib/domains/orders/schemas";
import { getTicket } from "@/lib/domains/support/service";

export const GET = route({ auth: "user", params: idParams, handler: ({ user, params }) => getTicket(user, params.id) });
