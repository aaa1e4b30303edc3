// GET /api/admin/disputes?limit&skip: orders with a dispute or a bank chargeback.
import { json, route } from "@/lib/domains/route";
import { pageQuerySchema } from "@/lib/domains/catalog";
import { listDisputes } from "@/lib/domains/orders";

export const GET = route({
  auth: "admin",
  query: pageQuerySchema,
  handler: async ({ user, query }) => {
    const { orders, total } = await listDisputes(user, query);
    return json(orders, 200, { "X-Total-Count": String(total) });
  },
});
