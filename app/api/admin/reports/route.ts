// GET /api/admin/reports?status=: the notice-and-action queue (admins only).
import { route } from "@/lib/api/route";
import { reportsQuery } from "@/lib/reports/schemas";
import { listReports } from "@/lib/reports/service";

export const GET = route({ auth: "admin", query: reportsQuery, handler: ({ query }) => listReports(query) });
