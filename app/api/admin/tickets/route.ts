// GET /api/admin/tickets?status=: every ticket, newest first (admins only).
import { route } from "@/lib/domains/route";
import { adminTicketsQuery } from "@/lib/domains/support";
import { listAllTickets } from "@/lib/domains/support";

export const GET = route({ auth: "admin", query: adminTicketsQuery, handler: ({ query }) => listAllTickets(query) });
