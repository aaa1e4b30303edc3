// POST /api/admin/reports/{id}/decide {decision, note, category}: dismiss, remove the
// listing or ban the user; the reporter is told the outcome (admins only).
import { route } from "@/lib/platform/api/route";
import { idParams } from "@/lib/domains/orders/schemas";
import { decideReportBody } from "@/lib/domains/reports/schemas";
import { decideReport } from "@/lib/domains/reports/service";

export const POST = route({
  auth: "admin",
  params: idParams,
  body: decideReportBody,
  handler: ({ user, params, body }) => decideReport(user, params.id, body.decision, body.note, body.category),
});
