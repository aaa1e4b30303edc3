// GET /api/admin/tickets?status=: every ticket, newest first (admins only).
import { route } from "@/lib/api/route";
import { adminTicketsQuery } from "@/lib/support/schemas";
import { listAllTickets } from "@/lib/support/service";

export const GET = route({ auth: "admin", query: adminTicketsQuery, handler: ({ query }) => listAllTickets(query) });
