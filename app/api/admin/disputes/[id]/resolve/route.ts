// POST /api/admin/disputes/{id}/resolve {resolution: refund | release, note}: admins only.
import { route } from "@/lib/api/route";
import { idParams, resolveDisputeBody } from "@/lib/orders/schemas";
import { resolveDispute } from "@/lib/orders/service";

export const POST = route({
  auth: "admin",
  params: idParams,
  body: resolveDisputeBody,
  handler: ({ user, params, body }) => resolveDispute(user, params.id, body.resolution, body.note ?? null),
});
