// GET /api/admin/tickets?status=: every ticket, newest first (admins only).
import { route } from "@/lib/platform/api/route";
import { adminTicketsQuery } from "@/lib/domains/support/schemas";
import { listAllTickets } from "@/lib/domains/support/service";

export const GET = route({ auth: "admin", query: adminTicketsQuery, handler: ({ query }) => listAllTickets(query) });
