// POST /api/transactions/{id}/handover {code}: the seller enters the buyer's 6-digit
// pickup code; wrong codes are limited (429).
import { route } from "@/lib/domains/route";
import { handoverBody, idParams } from "@/lib/domains/orders";
import { handover } from "@/lib/domains/orders";

export const POST = route({
  auth: "user",
  params: idParams,
  body: handoverBody,
  handler: ({ user, params, body }) => handover(user, params.id, body.code),
});
