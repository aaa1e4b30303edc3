// Who may touch an order, beyond the state machine: strangers learn nothing (404 before
// any validation), and an admin does not judge a dispute about their own order.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as resolveDispute } from "@/app/api/admin/disputes/[id]/resolve/route";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { GET as listOrders } from "@/app/api/transactions/route";
import { GET as getProduct } from "@/app/api/products/[id]/route";
import { hasOpenCheckout } from "@/lib/domains/orders/service";
import { buyAndPay, checkout, makeAdmin, orderRow, press, productOf } from "../../support/orders";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Wouter Bakker" });
  buyer = await registerUser({ name: "Lotte Visser" });
  stranger = await registerUser({ name: "Onbekende" });
});

function dispute(user: RegisteredUser, orderId: string, notes: string | null) {
  return call(confirmDelivery, {
    token: user.token,
    params: { id: orderId },
    json: { transaction_id: orderId, confirmation_type: "dispute", notes },
  });
}

describe("order access", () => {
  it("a stranger's empty dispute is 404 and the seller's is 403, not a validation error", async () => {
    const { orderId } = await buyAndPay(buyer, await productOf(seller, 5000, "Klapstoel"));
    expect((await dispute(stranger, orderId, "")).status).toBe(404);
    const bySeller = await dispute(seller, orderId, "");
    expect(bySeller.status).toBe(403);
    const byBuyer = await dispute(buyer, orderId, "  ");
    expect(byBuyer.status).toBe(422);
    expect(byBuyer.body.errors).toEqual([{ field: "notes", message: "Please describe the problem" }]);
    expect((await orderRow(orderId)).deliveryStatus).toBe("pending");
  });

  it("an admin cannot resolve a dispute about an order they bought", async () => {
    const adminBuyer = await registerUser({ name: "Beheerder Koper" });
    await makeAdmin(adminBuyer);
    const { orderId } = await buyAndPay(adminBuyer, await productOf(seller, 7000, "Tuinbank"));
    expect((await dispute(adminBuyer, orderId, "Poot gebroken")).status).toBe(200);
    const res = await call(resolveDispute, { token: adminBuyer.token, params: { id: orderId }, json: { resolution: "refund" } });
    expect(res.status).toBe(403);
    expect(await orderRow(orderId)).toMatchObject({ status: "held", deliveryStatus: "disputed", disputeResolution: null });

    const otherAdmin = await registerUser({ name: "Andere Beheerder" });
    await makeAdmin(otherAdmin);
    const resolved = await call(resolveDispute, { token: otherAdmin.token, params: { id: orderId }, json: { resolution: "refund", note: "Schade bevestigd" } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.status).toBe("refunded");
  });

  it("the buyer of an unpaid order can go back to its open checkout; nobody else sees the link", async () => {
    const productId = await productOf(seller, 3000, "Wasmand");
    const started = await checkout(buyer, productId);
    expect(await hasOpenCheckout(buyer.id, productId)).toBe(true);
    expect(await hasOpenCheckout(stranger.id, productId)).toBe(false);
    // The product page is cached for everyone: it asks the API whether the reservation is the viewer's.
    const reservedFor = async (user?: RegisteredUser) =>
      (await call(getProduct, { token: user?.token, params: { id: productId } })).body as { status: string; reserved_for_you: boolean };
    expect(await reservedFor(buyer)).toMatchObject({ status: "reserved", reserved_for_you: true });
    expect(await reservedFor(stranger)).toMatchObject({ status: "reserved", reserved_for_you: false });
    expect(await reservedFor()).toMatchObject({ status: "reserved", reserved_for_you: false });
    const mine = (await call(listOrders, { token: buyer.token })).body.find((o: { product_id: string }) => o.product_id === productId);
    expect(mine).toMatchObject({ status: "pending", checkout_url: started.body.checkout_url });
    const sales = (await call(listOrders, { token: seller.token, path: "/api/transactions?role=seller" })).body;
    expect(sales.find((o: { product_id: string }) => o.product_id === productId)).toMatchObject({ status: "pending", checkout_url: null });
    await press(buyer, started.body.session_id, "cancel");
    expect(await hasOpenCheckout(buyer.id, productId)).toBe(false);
    expect(await reservedFor(buyer)).toMatchObject({ status: "available", reserved_for_you: false });
    const after = (await call(listOrders, { token: buyer.token })).body.find((o: { product_id: string }) => o.product_id === productId);
    expect(after).toMatchObject({ status: "cancelled", checkout_url: null });
  });
});
