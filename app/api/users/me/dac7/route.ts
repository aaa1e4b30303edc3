// GET /api/users/me/dac7?year=: the seller's own DAC7 statement (quarterly figures).
import { route } from "@/lib/domains/route";
import { myDac7Statement, yearQuery } from "@/lib/domains/tax";

export const GET = route({ auth: "user", query: yearQuery, handler: ({ user, query }) => myDac7Statement(user, query.year) });
