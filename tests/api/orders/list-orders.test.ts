// GET /api/transactions reads its page and total in one plain statement (docs/performance.md
// "Mixed load"): each order in it must be the order JSON the order's own actions answer
// (getOrder, through Prisma), for the buyer and the seller, in every state the list shows:
// unpaid with its checkout, paid for pickup (code, exact address), shipped with a label and
// scans, cancelled; with the total and the seller's view without unpaid attempts.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listOrders } from "@/app/api/transactions/route";
import { getOrder } from "@/lib/domains/orders/service";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { buyAndPay, checkout, press, productOf } from "../../support/orders";
import { labelled, scan, shippedProduct } from "../../support/shipping";

const IP = "198.51.100.151";
let seller: RegisteredUser;
let buyer: RegisteredUser;
const ids: Record<string, string> = {};

const list = (user: RegisteredUser, query = "") => call(listOrders, { ip: IP, token: user.token, path: `/api/transactions${query}` });

beforeAll(async () => {
  seller = await registerUser({ name: "Lijst Verkoper" });
  buyer = await registerUser({ name: "Lijst Koper" });
  ids.pickup = (await buyAndPay(buyer, await productOf(seller, 2500, "Leeslamp"))).orderId;
  const shipped = await labelled(seller, buyer, await shippedProduct(seller, { title: "Platenspeler" }));
  expect((await scan(seller, shipped.shipmentId, "in_transit")).status).toBe(200);
  ids.shipped = shipped.orderId;
  const failed = await checkout(buyer, await productOf(seller, 1500, "Kapstok"));
  expect((await press(buyer, failed.body.session_id, "cancel")).status).toBe(200);
  ids.cancelled = failed.body.transaction_ids[0];
  ids.pending = (await checkout(buyer, await productOf(seller, 3500, "Bureaustoel"))).body.transaction_ids[0];
});

describe("GET /api/transactions", () => {
  it("answers each of the buyer's orders as the order itself is answered, newest first, with the total", async () => {
    const res = await list(buyer);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("4");
    expect(res.body.map((o: { id: string }) => o.id)).toEqual([ids.pending, ids.cancelled, ids.shipped, ids.pickup]);
    for (const order of res.body) expect(order).toEqual(await getOrder({ id: buyer.id, isAdmin: false }, order.id));
    const shipped = res.body.find((o: { id: string }) => o.id === ids.shipped);
    expect(shipped.shipment.events.map((e: { status: string }) => e.status)).toEqual(["label_created", "in_transit"]);
    expect(res.body.find((o: { id: string }) => o.id === ids.pickup).pickup_code).toEqual(expect.any(String));
    expect(res.body.find((o: { id: string }) => o.id === ids.pending).checkout_url).toEqual(expect.any(String));
  });

  it("gives the seller their sales without the unpaid attempts that failed, as the order itself is answered", async () => {
    const res = await list(seller, "?role=seller");
    expect(res.headers.get("X-Total-Count")).toBe("3");
    expect(res.body.map((o: { id: string }) => o.id)).toEqual([ids.pending, ids.shipped, ids.pickup]);
    for (const order of res.body) expect(order).toEqual(await getOrder({ id: seller.id, isAdmin: false }, order.id));
  });

  it("filters by status, pages with limit and skip, and counts the whole filter past its last page", async () => {
    const active = await list(buyer, "?status=active&limit=1&skip=1");
    expect(active.headers.get("X-Total-Count")).toBe("3");
    expect(active.body.map((o: { id: string }) => o.id)).toEqual([ids.shipped]);
    const past = await list(buyer, "?status=cancelled&skip=5");
    expect(past.body).toEqual([]);
    expect(past.headers.get("X-Total-Count")).toBe("1");
    expect((await list(registerUserless())).status).toBe(401);
  });
});

function registerUserless(): RegisteredUser {
  return { id: "", email: "", password: "", token: "not-a-token" };
}
