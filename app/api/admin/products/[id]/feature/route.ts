// PUT /api/admin/products/{id}/feature?featured=true|false (admins only).
import { route } from "@/lib/platform/api/route";
import { setFeatured } from "@/lib/domains/admin/products";
import { featureQuery } from "@/lib/domains/admin/schemas";
import { idParams } from "@/lib/domains/orders/schemas";

export const PUT = route({
  auth: "admin",
  params: idParams,
  query: featureQuery,
  handler: ({ user, params, query }) => setFeatured(user, params.id, query.featured),
});
