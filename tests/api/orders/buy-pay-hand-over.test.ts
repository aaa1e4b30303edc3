// The whole escrow journey through the real endpoints with the test provider: buy, pay,
// see the order, hand over with the pickup code, and the job pays the seller 3 days later.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as checkoutStatus } from "@/app/api/payments/checkout-status/[sessionId]/route";
import { GET as listOrders } from "@/app/api/transactions/route";
import { POST as handover } from "@/app/api/transactions/[id]/handover/route";
import { GET as product } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { checkout, DAY, press, productOf } from "../../support/orders";

let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
});

describe("buying with the test provider", () => {
  it("reserves, pays, hands over and pays the seller 3 days later", async () => {
    const productId = await productOf(seller, 14950);
    const started = await checkout(buyer, productId);
    expect(started.status).toBe(200);
    expect(started.body.checkout_url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/cs_testmode_/);
    const sessionId = started.body.session_id as string;
    expect((await call(product, { params: { id: productId } })).body.status).toBe("reserved");

    const before = await call(checkoutStatus, { token: buyer.token, params: { sessionId } });
    expect(before.body).toMatchObject({ status: "open", payment_status: "unpaid", amount_total: 14950 + 748 });

    const paid = await press(buyer, sessionId, "pay");
    expect(paid.status).toBe(200);
    expect(paid.body.redirect_url).toBe(`http://localhost:3000/payment-success?session_id=${sessionId}`);

    const after = await call(checkoutStatus, { token: buyer.token, params: { sessionId } });
    expect(after.body).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 15698, transaction_id: started.body.transaction_ids[0] });

    const orders = await call(listOrders, { token: buyer.token });
    expect(orders.status).toBe(200);
    const [order] = orders.body;
    expect(order).toMatchObject({ status: "held", delivery_status: "pending", amount: 149.5, commission: 7.48, total_amount: 156.98, role: "buyer", actions: ["confirm_delivery", "dispute"] });
    expect(order.pickup_code).toMatch(/^\d{6}$/);
    expect(order.pickup_address).toContain("Neude 11");

    const sales = await call(listOrders, { token: seller.token, path: "/api/transactions?role=seller" });
    expect(sales.body[0]).toMatchObject({ id: order.id, role: "seller", pickup_code: null, actions: ["handover", "seller_cancel"] });

    const wrong = await call(handover, { token: seller.token, params: { id: order.id }, json: { code: order.pickup_code === "000000" ? "111111" : "000000" } });
    expect(wrong.status).toBe(400);
    const right = await call(handover, { token: seller.token, params: { id: order.id }, json: { code: order.pickup_code } });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ status: "held", delivery_status: "confirmed" });

    const early = await runJobs(new Date(Date.now() + 2 * DAY));
    expect(early.payouts).toBe(0);
    const later = await runJobs(new Date(Date.now() + 3 * DAY + 60_000));
    expect(later.payouts).toBe(1);
    const done = await db.order.findUniqueOrThrow({ where: { id: order.id }, include: { ledgerEntries: true } });
    expect(done.status).toBe("completed");
    expect(done.ledgerEntries.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ["buyer_payment", 15698],
      ["platform_fee", 748],
      ["seller_payout", 14950],
    ]);
    expect(done.ledgerEntries.every((e) => e.providerRef)).toBe(true);
    expect(await checkLedger()).toEqual([]);
  });
});
