// GET /api/admin/reports?status=: the notice-and-action queue (admins only).
import { route } from "@/lib/platform/api/route";
import { reportsQuery } from "@/lib/domains/reports/schemas";
import { listReports } from "@/lib/domains/reports/service";

export const GET = route({ auth: "admin", query: reportsQuery, handler: ({ query }) => listReports(query) });
