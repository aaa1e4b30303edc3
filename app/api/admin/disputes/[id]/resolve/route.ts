// POST /api/admin/disputes/{id}/resolve {resolution: release | refund | return, note}:
// admins only (docs/returns.md).
import { route } from "@/lib/domains/route";
import { resolveDisputeAudited } from "@/lib/domains/admin";
import { idParams, resolveDisputeBody } from "@/lib/domains/orders";

export const POST = route({
  auth: "admin",
  params: idParams,
  body: resolveDisputeBody,
  handler: ({ user, params, body }) => resolveDisputeAudited(user, params.id, body.resolution, body.note ?? null),
});
