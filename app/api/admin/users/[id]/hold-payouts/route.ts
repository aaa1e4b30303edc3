// PUT /api/admin/users/{id}/hold-payouts {category, facts, rule}: admins only; never on admins (400).
// The statement of reasons is required (422 without it) and mailed to the user; the escrow job pays nothing while held.
import { route } from "@/lib/domains/route";
import { holdPayouts } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";
import { statementInput } from "@/lib/domains/statements";

export const PUT = route({
  auth: "admin",
  params: idParams,
  body: statementInput,
  handler: ({ user, params, body }) => holdPayouts(user, params.id, body),
});
