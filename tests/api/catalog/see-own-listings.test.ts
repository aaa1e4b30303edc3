// The seller's own products (GET /api/users/me/products) say which have an open order:
// the dashboard disables "Verwijderen" for those instead of letting the delete fail.
import { describe, expect, it } from "vitest";
import { GET as myProducts } from "@/app/api/users/me/products/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { buyAndPay, pendingOrder, productOf } from "../../support/orders";

const IP = "198.51.100.93";

describe("GET /api/users/me/products: has_open_order", () => {
  it("is true while an order is unpaid or in escrow, and deleting such a product is refused", async () => {
    const seller = await registerUser({ name: "Dashboard Verkoper" });
    const buyer = await registerUser({ name: "Dashboard Koper" });
    const free = await productOf(seller, 1000, "Vrije lamp");
    const reserved = await productOf(seller, 2000, "Gereserveerde stoel");
    const held = await productOf(seller, 3000, "Verkochte fiets");
    // Paid first: a buyer holds one open checkout at a time, a new one replaces the old.
    await buyAndPay(buyer, held);
    await pendingOrder(buyer, reserved);

    const res = await call(myProducts, { token: seller.token, ip: IP, path: "/api/users/me/products?limit=24" });
    expect(res.status).toBe(200);
    const flags = Object.fromEntries(res.body.map((p: { id: string; has_open_order: boolean }) => [p.id, p.has_open_order]));
    expect(flags).toEqual({ [free]: false, [reserved]: true, [held]: true });

    const refused = await call(deleteProduct, { token: seller.token, ip: IP, method: "DELETE", params: { id: held } });
    expect(refused.status).toBe(409);
    expect((await call(deleteProduct, { token: seller.token, ip: IP, method: "DELETE", params: { id: free } })).status).toBeLessThan(300);
  });
});
