// DELETE /api/admin/products/{id} {category, reason}: removes a listing with a statement
// of reasons to the seller (admins only; 409 while an order is unpaid or in escrow).
import { route } from "@/lib/domains/route";
import { removeProduct } from "@/lib/domains/admin";
import { removalInput } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";

export const DELETE = route({
  auth: "admin",
  params: idParams,
  body: removalInput,
  handler: ({ user, params, body }) => removeProduct(user, params.id, body),
});
