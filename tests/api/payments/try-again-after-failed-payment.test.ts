// After a failed or cancelled payment (docs/payments.md "On screen"): the checkout's
// status says where "try again" leads: the provider's page while the same checkout can
// still be paid, and the checkout's items once it ended.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as checkoutStatus } from "@/app/api/payments/checkout-status/[sessionId]/route";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { checkout, press, productOf } from "../../support/orders";

const IP = "198.51.100.55";

let seller: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Sem de Boer" });
});

function status(buyer: RegisteredUser, sessionId: string) {
  return call(checkoutStatus, { token: buyer.token, ip: IP, params: { sessionId } });
}

describe("GET /api/payments/checkout-status after a payment that did not go through", () => {
  it("gives the provider's page while the checkout is still open", async () => {
    const buyer = await registerUser({ name: "Julia Peters" });
    const productId = await productOf(seller, 4200, "Rotan stoel");
    const started = await checkout(buyer, productId);
    const res = await status(buyer, started.body.session_id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", payment_status: "unpaid", checkout_url: started.body.checkout_url });
    expect(res.body.products).toEqual([{ id: productId, title: "Rotan stoel" }]);
  });

  it("gives no page once the payment failed, and names the item to start again from", async () => {
    const buyer = await registerUser({ name: "Tim Hendriks" });
    const productId = await productOf(seller, 4200, "Eiken tafel");
    const started = await checkout(buyer, productId);
    expect((await press(buyer, started.body.session_id, "fail")).status).toBe(200);
    const res = await status(buyer, started.body.session_id);
    expect(res.body).toMatchObject({ payment_status: "failed", checkout_url: null, products: [{ id: productId, title: "Eiken tafel" }] });
    // The item can be bought again: a new checkout goes ahead.
    expect((await checkout(buyer, productId)).status).toBe(200);
  });
});
