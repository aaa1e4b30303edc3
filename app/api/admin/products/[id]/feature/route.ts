// PUT /api/admin/products/{id}/feature?featured=true|false (admins only).
import { route } from "@/lib/domains/route";
import { setFeatured } from "@/lib/domains/admin";
import { featureQuery } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";

export const PUT = route({
  auth: "admin",
  params: idParams,
  query: featureQuery,
  handler: ({ user, params, query }) => setFeatured(user, params.id, query.featured),
});
