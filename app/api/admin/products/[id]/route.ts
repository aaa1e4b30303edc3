// DELETE /api/admin/products/{id} {category, reason}: removes a listing with a statement
// of reasons to the seller (admins only; 409 while an order is unpaid or in escrow).
import { route } from "@/lib/platform/api/route";
import { removeProduct } from "@/lib/domains/admin/products";
import { removalInput } from "@/lib/domains/admin/schemas";
import { idParams } from "@/lib/domains/orders/schemas";

export const DELETE = route({
  auth: "admin",
  params: idParams,
  body: removalInput,
  handler: ({ user, params, body }) => removeProduct(user, params.id, body),
});
