// A consumer withdraws from a business seller's sale (docs/returns.md): within 14 days of
// receiving it, from the order, on a return label whose price comes off the refund; not
// from a private seller, not after the period. And business sellers are paid only after
// that period, never while a return is under way.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { GET as exportRoute } from "@/app/api/users/me/export/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { buyAndPay, DAY, ledgerOf, productOf, productRow } from "../../support/orders";
import { labelled, scan, shippedProduct } from "../../support/shipping";
import { acceptReturn, eventsFor, orderAs, withdraw } from "../../support/returns";

let shop: RegisteredUser;
let privateSeller: RegisteredUser;
const HOUR = 60 * 60 * 1000;
const LABEL = 725;

beforeAll(async () => {
  shop = await registerUser({ name: "Tweedehands Atelier" });
  privateSeller = await registerUser({ name: "Tijs van den Berg" });
  await db.user.update({ where: { id: shop.id }, data: { isBusinessSeller: true, businessName: "Tweedehands Atelier B.V.", vatNumber: "NL123456789B01" } });
});

const newBuyer = () => registerUser({ name: "Sanne de Vries" });
const confirm = (buyer: RegisteredUser, id: string) => call(confirmDelivery, { token: buyer.token, params: { id }, json: { confirmation_type: "delivered" } });

describe("POST /api/transactions/{id}/withdraw", () => {
  it("is refused for a private seller's order with a clear reason", async () => {
    const buyer = await newBuyer();
    const { orderId } = await buyAndPay(buyer, await productOf(privateSeller, 2500, "Lamp"));
    await confirm(buyer, orderId);
    expect((await orderAs(buyer, orderId, "buyer")).withdrawal).toBeNull();
    const refused = await withdraw(buyer, orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("withdrawal_private_seller");
    expect(refused.body.detail).toMatch(/private/i);
    expect(await db.return.count({ where: { orderId } })).toBe(0);
  });

  it("takes a pickup back within 14 days: label price off the refund, refund when the seller has it back", async () => {
    const buyer = await newBuyer();
    const productId = await productOf(shop, 14950, "Eikenhouten kast");
    const { orderId } = await buyAndPay(buyer, productId);
    const total = 14950 + 748;
    // Not yet received: nothing to withdraw from.
    expect((await withdraw(buyer, orderId)).status).toBe(409);
    const from = Date.now();
    const confirmed = await confirm(buyer, orderId);
    // A business seller is paid after the withdrawal period, not 3 days after the handover.
    const releaseAt = new Date(confirmed.body.auto_release_at).getTime();
    expect(releaseAt).toBeGreaterThanOrEqual(from + 14 * DAY);
    expect(releaseAt).toBeLessThanOrEqual(Date.now() + 14 * DAY);
    const offered = await orderAs(buyer, orderId, "buyer");
    expect(offered.actions).toContain("withdraw");
    expect(offered.withdrawal).toMatchObject({ return_shipping: LABEL / 100 });
    expect(new Date(offered.withdrawal.until).getTime()).toBe(new Date(confirmed.body.delivery_confirmed_at).getTime() + 14 * DAY);
    expect((await orderAs(shop, orderId, "seller")).withdrawal).toBeNull();
    expect((await withdraw(shop, orderId)).status).toBe(403);

    const withdrawn = await withdraw(buyer, orderId);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.return).toMatchObject({ reason: "withdrawal", status: "label_created", refund: { amount: (total - LABEL) / 100, return_shipping: LABEL / 100 } });
    expect(await eventsFor(shop.id, "return.withdrawal_received")).toBeGreaterThanOrEqual(1);
    expect((await withdraw(buyer, orderId)).status).toBe(409);
    const returnId = withdrawn.body.return.id as string;

    // Handed in; past the withdrawal period the payout still waits for the return.
    await scan(buyer, returnId, "in_transit");
    await runJobs(new Date(Date.now() + 15 * DAY));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("held");
    await scan(buyer, returnId, "delivered");
    const accepted = await acceptReturn(shop, orderId);
    expect(accepted.body).toMatchObject({ status: "refunded", return: { status: "refunded" } });
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", total],
      ["buyer_refund", total - LABEL],
      ["return_shipping", LABEL],
    ]);
    expect((await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "return_shipping" } })).providerRef).toBe("buyer");
    expect((await productRow(productId)).status).toBe("available");
    expect(await checkLedger([orderId])).toEqual([]);

    // The return is in both people's data export.
    const mine = (await call(exportRoute, { ip: "198.51.100.61", token: buyer.token, path: "/api/users/me/export" })).body;
    expect(mine.returns.returns).toEqual([
      expect.objectContaining({ order_id: orderId, role: "buyer", reason: "withdrawal", status: "refunded", label_price: LABEL / 100, label_paid_by: "buyer", refund: (total - LABEL) / 100 }),
    ]);
    const theirs = (await call(exportRoute, { ip: "198.51.100.62", token: shop.token, path: "/api/users/me/export" })).body;
    expect(theirs.returns.returns.map((r: { order_id: string; role: string }) => [r.order_id, r.role])).toContainEqual([orderId, "seller"]);
  });

  it("takes a parcel back from its delivery scan, and refuses after the 14 days or before delivery", async () => {
    const buyer = await newBuyer();
    const inside = await labelled(shop, buyer, await shippedProduct(shop, { priceCents: 6000, title: "Jas" }));
    await scan(buyer, inside.shipmentId, "in_transit");
    expect((await withdraw(buyer, inside.orderId)).status).toBe(409);
    await scan(buyer, inside.shipmentId, "delivered");
    const withdrawn = await withdraw(buyer, inside.orderId);
    expect(withdrawn.status).toBe(200);
    // The original shipping comes back too (one item, one parcel), less the return label.
    expect(withdrawn.body.return.refund).toEqual({ amount: (6000 + 300 + 725 - LABEL) / 100, return_shipping: LABEL / 100 });
    // The claim window's silence does not confirm an order being returned.
    await runJobs(new Date(Date.now() + 49 * HOUR));
    expect((await orderAs(buyer, inside.orderId, "buyer")).return.status).toBe("label_created");

    const outside = await labelled(shop, buyer, await shippedProduct(shop, { priceCents: 3000, title: "Sjaal" }));
    await scan(buyer, outside.shipmentId, "delivered");
    await db.parcel.update({ where: { id: outside.shipmentId }, data: { deliveredAt: new Date(Date.now() - 15 * DAY) } });
    expect((await orderAs(buyer, outside.orderId, "buyer")).actions).not.toContain("withdraw");
    const refused = await withdraw(buyer, outside.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("withdrawal_period_over");
  });
});

describe("business payouts", () => {
  it("wait until the receipt + 14 days for a business seller; a private seller is paid 3 days after confirmation", async () => {
    const buyer = await newBuyer();
    const business = await labelled(shop, buyer, await shippedProduct(shop, { priceCents: 5000, title: "Vaas" }));
    await scan(buyer, business.shipmentId, "delivered");
    const deliveredAt = (await db.parcel.findUniqueOrThrow({ where: { id: business.shipmentId } })).deliveredAt!;
    const confirmed = await confirm(buyer, business.orderId);
    expect(new Date(confirmed.body.auto_release_at).getTime()).toBe(deliveredAt.getTime() + 14 * DAY);
    expect((await runJobs(new Date(Date.now() + 4 * DAY))).payouts).toBe(0);

    const personal = await labelled(privateSeller, buyer, await shippedProduct(privateSeller, { priceCents: 5000, title: "Vaas" }));
    await scan(buyer, personal.shipmentId, "delivered");
    const from = Date.now();
    const privateConfirmed = await confirm(buyer, personal.orderId);
    const privateRelease = new Date(privateConfirmed.body.auto_release_at).getTime();
    expect(privateRelease).toBeGreaterThanOrEqual(from + 3 * DAY);
    expect(privateRelease).toBeLessThanOrEqual(Date.now() + 3 * DAY);

    // Silence in the claim window: a business order is confirmed, and paid after the 14 days.
    const silent = await labelled(shop, buyer, await shippedProduct(shop, { priceCents: 2000, title: "Kom" }));
    await scan(buyer, silent.shipmentId, "delivered");
    const silentDelivered = (await db.parcel.findUniqueOrThrow({ where: { id: silent.shipmentId } })).deliveredAt!;
    await runJobs(new Date(Date.now() + 49 * HOUR));
    const row = await db.order.findUniqueOrThrow({ where: { id: silent.orderId } });
    expect(row.deliveryStatus).toBe("confirmed");
    expect(row.autoReleaseAt!.getTime()).toBe(silentDelivered.getTime() + 14 * DAY);
    await runJobs(new Date(silentDelivered.getTime() + 14 * DAY + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: silent.orderId } })).status).toBe("completed");
    expect(await checkLedger([business.orderId, personal.orderId, silent.orderId])).toEqual([]);
  });

  it("follow a withdrawal that was never handed in: the seller is paid after the period", async () => {
    const buyer = await newBuyer();
    const { orderId } = await buyAndPay(buyer, await productOf(shop, 3000, "Stoel"));
    await confirm(buyer, orderId);
    expect((await withdraw(buyer, orderId)).status).toBe(200);
    const handInBy = new Date((await orderAs(buyer, orderId, "buyer")).return.hand_in_by);
    expect((await runJobs(new Date(handInBy.getTime() + 60_000))).returns_expired).toBeGreaterThanOrEqual(1);
    const order = await orderAs(shop, orderId, "seller");
    expect(order.return.status).toBe("expired");
    await runJobs(new Date(new Date(order.auto_release_at).getTime() + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
    expect(await checkLedger([orderId])).toEqual([]);
  });
});
