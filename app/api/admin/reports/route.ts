// GET /api/admin/reports?status=: the notice-and-action queue (admins only).
import { route } from "@/lib/domains/route";
import { reportsQuery } from "@/lib/domains/reports";
import { listReports } from "@/lib/domains/reports";

export const GET = route({ auth: "admin", query: reportsQuery, handler: ({ query }) => listReports(query) });
