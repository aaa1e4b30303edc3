// The ledger with returns (docs/returns.md): shipping belongs to the parcel, so refunding
// one item of a two-item parcel gives back no shipping; and over a randomized mix of
// completions, refunds, returns, partial refunds and withdrawals every order keeps
// paid = refunded + paid out + fee + shipping + return shipping + escrow.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as addToCart } from "@/app/api/cart/add/route";
import { POST as cartRoute } from "@/app/api/payments/create-checkout-cart/route";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as sellerCancel } from "@/app/api/transactions/[id]/seller-cancel/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { DAY, ledgerOf, makeAdmin, press } from "../../support/orders";
import { HOME, labelled, makeLabel, scan, shippedProduct } from "../../support/shipping";
import { acceptOffer, acceptRequest, acceptReturn, dispute, offer, resolve, returnIdOf, withdraw } from "../../support/returns";

let seller: RegisteredUser;
let shop: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  shop = await registerUser({ name: "Tweedehands Atelier" });
  admin = await registerUser({ name: "Anne Bakker" });
  await makeAdmin(admin);
  await db.user.update({ where: { id: shop.id }, data: { isBusinessSeller: true, businessName: "Tweedehands Atelier B.V.", vatNumber: "NL123456789B01" } });
});

describe("shipping belongs to the parcel", () => {
  it("refunds no shipping for one item of a two-item parcel that still ships, and keeps it in the ledger", async () => {
    const buyer = await registerUser({ name: "Sanne de Vries" });
    const first = await shippedProduct(seller, { priceCents: 2000, title: "Boek" });
    const second = await shippedProduct(seller, { priceCents: 3000, title: "Lamp" });
    for (const productId of [first, second]) {
      expect((await call(addToCart, { token: buyer.token, method: "POST", path: `/api/cart/add?product_id=${productId}` })).status).toBe(200);
    }
    const started = await call(cartRoute, { token: buyer.token, json: { origin_url: "http://localhost:3000", delivery_method: "shipping", shipping_address: HOME } });
    expect(started.status).toBe(200);
    expect((await press(buyer, started.body.session_id, "pay")).status).toBe(200);
    const orders = await db.order.findMany({ where: { checkoutSessionId: (await db.checkoutSession.findFirstOrThrow({ where: { providerSessionId: started.body.session_id } })).id } });
    const carrying = orders.find((o) => o.shippingCents > 0)!;
    const other = orders.find((o) => o.shippingCents === 0)!;
    expect(carrying.parcelId).toBe(other.parcelId);

    // The seller cancels the item carrying the parcel's shipping; the other still ships.
    const cancelled = await call(sellerCancel, { token: seller.token, method: "POST", params: { id: carrying.id } });
    expect(cancelled.status).toBe(200);
    expect(await ledgerOf(carrying.id)).toEqual([
      ["buyer_payment", carrying.totalCents],
      ["buyer_refund", carrying.totalCents - carrying.shippingCents],
      ["shipping", carrying.shippingCents],
    ]);
    expect(await checkLedger([carrying.id, other.id])).toEqual([]);

    // A refund that gave the shipping back while the parcel travels is caught per parcel.
    await db.ledgerEntry.deleteMany({ where: { orderId: carrying.id, kind: { in: ["shipping", "buyer_refund"] } } });
    await db.ledgerEntry.create({ data: { orderId: carrying.id, kind: "buyer_refund", amountCents: carrying.totalCents, providerRef: "re_manual" } });
    const problems = await checkLedger([carrying.id, other.id]);
    expect(problems.map((p) => p.problem)).toEqual([expect.stringContaining("its shipping went back while an item of it stays bought")]);
    await db.ledgerEntry.deleteMany({ where: { orderId: carrying.id, kind: "buyer_refund" } });
    await db.ledgerEntry.createMany({
      data: [
        { orderId: carrying.id, kind: "buyer_refund", amountCents: carrying.totalCents - carrying.shippingCents, providerRef: "re_manual" },
        { orderId: carrying.id, kind: "shipping", amountCents: carrying.shippingCents, providerRef: "platform" },
      ],
    });

    // The other item ships, arrives and completes; the parcel's shipping was kept once.
    const label = await makeLabel(seller, other.id);
    await scan(buyer, label.body.shipment.id, "delivered");
    await call(confirmDelivery, { token: buyer.token, params: { id: other.id }, json: { confirmation_type: "delivered" } });
    await runJobs(new Date(Date.now() + 3 * DAY + 60_000));
    expect(await ledgerOf(other.id)).toEqual([
      ["buyer_payment", other.totalCents],
      ["platform_fee", other.commissionCents],
      ["seller_payout", other.amountCents],
    ]);
    expect(await checkLedger([carrying.id, other.id])).toEqual([]);
  });
});

describe("the ledger identity", () => {
  it("holds over a randomized mix with returns, partial refunds and withdrawals", async () => {
    let seed = 20261207;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ids: string[] = [];
    let buyer = await registerUser({ name: "Mix Koper" });
    for (let i = 0; i < 16; i += 1) {
      if (i % 6 === 5) buyer = await registerUser({ name: "Mix Koper" });
      const business = random() < 0.4;
      const from = business ? shop : seller;
      const price = 500 + Math.floor(random() * 15000);
      const size = (["mailbox", "parcel", "large"] as const)[Math.floor(random() * 3)]!;
      const { orderId, shipmentId } = await labelled(from, buyer, await shippedProduct(from, { priceCents: price, size, title: `Mix ${i}` }));
      ids.push(orderId);
      await scan(buyer, shipmentId, "delivered");
      const fate = random();
      if (business && fate < 0.35) {
        expect((await withdraw(buyer, orderId)).status).toBe(200);
        const returnId = await returnIdOf(buyer, orderId);
        if (random() < 0.7) {
          await scan(buyer, returnId, "delivered");
          if (random() < 0.5) await acceptReturn(from, orderId);
        }
        continue;
      }
      if (fate < 0.25) {
        await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "delivered" } });
        continue;
      }
      expect((await dispute(buyer, orderId)).status).toBe(200);
      const outcome = random();
      if (outcome < 0.2) {
        await resolve(admin, orderId, { resolution: random() < 0.5 ? "refund" : "release" });
      } else if (outcome < 0.45) {
        await offer(from, orderId, Math.max(0.01, Math.floor(price * random() * 0.9) / 100));
        if (random() < 0.7) await acceptOffer(buyer, orderId);
      } else if (outcome < 0.75) {
        await (random() < 0.5 ? resolve(admin, orderId, { resolution: "return" }) : acceptRequest(from, orderId));
        const returnId = await returnIdOf(buyer, orderId);
        if (random() < 0.8) await scan(buyer, returnId, "delivered");
      }
    }
    expect(await checkLedger(ids)).toEqual([]);
    // Time passes: inspections end, returns lapse, payouts go out.
    await runJobs(new Date(Date.now() + 3 * DAY));
    await runJobs(new Date(Date.now() + 10 * DAY));
    await runJobs(new Date(Date.now() + 30 * DAY));
    expect(await checkLedger(ids)).toEqual([]);

    const rows = await db.ledgerEntry.findMany({ where: { orderId: { in: ids } } });
    const sum = (kind: string, ref?: string) => rows.filter((r) => r.kind === kind && (ref === undefined || r.providerRef === ref)).reduce((t, r) => t + r.amountCents, 0);
    const orders = await db.order.findMany({ where: { id: { in: ids } }, include: { return: true } });
    const escrow = orders.filter((o) => o.status === "held").reduce((t, o) => t + o.totalCents - (o.partialRefundCents ?? 0), 0);
    expect(sum("buyer_payment")).toBe(sum("buyer_refund") + sum("seller_payout") + sum("platform_fee") + sum("shipping") + sum("return_shipping", "buyer") + escrow);
    // The mix covered every ending.
    const kinds = new Set(orders.map((o) => `${o.status}:${o.return?.reason ?? "-"}:${o.partialRefundCents ? "partial" : "-"}`));
    expect([...kinds].some((k) => k.startsWith("refunded:withdrawal"))).toBe(true);
    expect([...kinds].some((k) => k.startsWith("refunded:not_as_described"))).toBe(true);
    expect([...kinds].some((k) => k.endsWith(":partial"))).toBe(true);
    expect([...kinds].some((k) => k.startsWith("completed"))).toBe(true);
  });
});
