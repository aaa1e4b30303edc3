// PUT /api/admin/products/{id}/feature?featured=true|false (admins only).
import { route } from "@/lib/api/route";
import { setFeatured } from "@/lib/admin/products";
import { featureQuery } from "@/lib/admin/schemas";
import { idParams } from "@/lib/orders/schemas";

export const PUT = route({
  auth: "admin",
  params: idParams,
  query: featureQuery,
  handler: ({ user, params, query }) => setFeatured(user, params.id, query.featured),
});
