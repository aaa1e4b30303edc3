// GET /api/transactions?role=buyer|seller&status=all|active|completed|cancelled&limit&skip:
// the caller's orders (buyer, the default) or sales (seller), newest first, filtered by
// status when asked (without it every order, as before); the total in X-Total-Count.
import { json, route } from "@/lib/domains/route";
import { ordersQuery } from "@/lib/domains/orders";
import { listOrders } from "@/lib/domains/orders";

export const GET = route({
  auth: "user",
  query: ordersQuery,
  handler: async ({ user, query }) => {
    const { orders, total } = await listOrders(user, query.role ?? "buyer", query);
    return json(orders, 200, { "X-Total-Count": String(total) });
  },
});
