// POST /api/admin/appeals/{id}/decide {decision: uphold|reverse, reason}: a person decides
// the complaint; reversing a ban unbans, reversing a removal restores the listing.
import { route } from "@/lib/domains/route";
import { decideAppeal } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";
import { appealDecisionBody } from "@/lib/domains/statements";

export const POST = route({
  auth: "admin",
  params: idParams,
  body: appealDecisionBody,
  handler: ({ user, params, body }) => decideAppeal(user, params.id, body),
});
