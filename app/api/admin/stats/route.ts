// GET /api/admin/stats: totals, today's counts and a 30-day series (admins only).
import { route } from "@/lib/domains/route";
import { adminStats } from "@/lib/domains/admin";

export const GET = route({ auth: "admin", handler: () => adminStats() });
