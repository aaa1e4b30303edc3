// GET /api/admin/stats: totals, today's counts and a 30-day series (admins only).
import { route } from "@/lib/platform/api/route";
import { adminStats } from "@/lib/domains/admin/stats";

export const GET = route({ auth: "admin", handler: () => adminStats() });
