// GET /api/transparency?year=&half=: the public transparency figures of a half year (DSA art. 24).
import { route } from "@/lib/domains/route";
import { recentHalves, transparencyQuery, transparencyReport } from "@/lib/domains/statements";

export const GET = route({
  auth: "public",
  query: transparencyQuery,
  handler: ({ query }) => {
    const current = recentHalves()[0]!;
    return transparencyReport({ year: query.year ?? current.year, half: query.half ?? (query.year ? 1 : current.half) });
  },
});
