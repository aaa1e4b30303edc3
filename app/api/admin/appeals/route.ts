// GET /api/admin/appeals?status=open|upheld|reversed: the queue of internal complaints.
import { route } from "@/lib/domains/route";
import { appealsQuery, listAppeals } from "@/lib/domains/statements";

export const GET = route({ auth: "admin", query: appealsQuery, handler: ({ query }) => listAppeals(query) });
