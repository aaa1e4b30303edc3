// GET /api/admin/transparency?year=&half=&format=json|csv: the transparency figures, as CSV for download (admins only).
import { route } from "@/lib/domains/route";
import { recentHalves, transparencyCsv, transparencyQuery, transparencyReport } from "@/lib/domains/statements";

export const GET = route({
  auth: "admin",
  query: transparencyQuery,
  handler: async ({ query }) => {
    const current = recentHalves()[0]!;
    const half = { year: query.year ?? current.year, half: query.half ?? (query.year ? 1 : current.half) };
    const report = await transparencyReport(half);
    if (query.format !== "csv") return report;
    return new Response(transparencyCsv(report), {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="transparency-${half.year}-h${half.half}.csv"` },
    });
  },
});
