// Shipping, part 2 (docs/shipping.md): the seller's label, the carrier's scans, and the
// escrow with parcels: the claim window from the delivery scan, silence confirms, payout
// 3 days later, ship-by refunds, lost and returned parcels, disputes with photos, and the
// ledger identity over a randomized mix of pickups and parcels.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as label } from "@/app/api/shipments/[id]/label/route";
import { GET as listOrders } from "@/app/api/transactions/route";
import { POST as confirmDelivery } from "@/app/api/transactions/[id]/confirm-delivery/route";
import { POST as handover } from "@/app/api/transactions/[id]/handover/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { addWorkingDays } from "@/lib/domains/shipping";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { uploadTestImage } from "../../support/catalog";
import { buyAndPay, DAY, ledgerOf, productOf, productRow } from "../../support/orders";
import { buyShipped, labelled, makeLabel, scan, shippedProduct } from "../../support/shipping";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
  stranger = await registerUser({ name: "Piet Pieters" });
});

const orderOf = async (user: RegisteredUser, orderId: string, role: "buyer" | "seller" = "buyer") =>
  (await call(listOrders, { token: user.token, path: `/api/transactions?role=${role}` })).body.find((o: { id: string }) => o.id === orderId);
const notificationsOf = (userId: string, event: string) => db.notification.count({ where: { userId, event } });

describe("the seller's label", () => {
  it("is made by the seller only, once: a repeat returns the same shipment; the buyer sees carrier and tracking", async () => {
    const productId = await shippedProduct(seller);
    const { orderId } = await buyShipped(buyer, productId);
    expect((await makeLabel(buyer, orderId)).status).toBe(403);
    expect((await makeLabel(stranger, orderId)).status).toBe(404);
    const first = await makeLabel(seller, orderId);
    expect(first.status).toBe(200);
    expect(first.body.shipment).toMatchObject({ status: "label_created", carrier: "postnl", events: [{ status: "label_created" }] });
    expect(first.body.shipment.tracking_code).toMatch(/^3STEST\d{10}$/);
    expect(first.body.shipment.label_url).toBe(`/api/shipments/${first.body.shipment.id}/label`);
    const again = await makeLabel(seller, orderId);
    expect(again.status).toBe(200);
    expect(again.body.shipment).toMatchObject({ id: first.body.shipment.id, tracking_code: first.body.shipment.tracking_code });
    expect(await db.shipmentEvent.count({ where: { parcelId: first.body.shipment.id } })).toBe(1);
    const seen = await orderOf(buyer, orderId);
    expect(seen.shipment).toMatchObject({ carrier: "postnl", tracking_code: first.body.shipment.tracking_code, label_url: null });
    expect(seen.shipment.tracking_url).toContain(first.body.shipment.tracking_code);
    expect(await notificationsOf(buyer.id, "shipping.label_created")).toBeGreaterThan(0);
  });

  it("is a PDF for the seller only", async () => {
    const { shipmentId } = await labelled(seller, buyer, await shippedProduct(seller));
    const pdf = await call(label, { token: seller.token, params: { id: shipmentId } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await call(label, { token: buyer.token, params: { id: shipmentId } })).status).toBe(403);
    expect((await call(label, { token: stranger.token, params: { id: shipmentId } })).status).toBe(404);
  });

  it("is refused for a pickup order and for an unpaid one (409), and a parcel has no pickup code", async () => {
    const pickup = await buyAndPay(buyer, await productOf(seller, 2000, "Kastje"));
    expect((await makeLabel(seller, pickup.orderId)).status).toBe(409);
    const { orderId } = await buyShipped(buyer, await shippedProduct(seller));
    const order = await orderOf(buyer, orderId);
    expect(order.pickup_code).toBeNull();
    expect((await call(handover, { token: seller.token, params: { id: orderId }, json: { code: "123456" } })).status).toBe(409);
  });
});

describe("tracking and the claim window", () => {
  it("moves forward only: repeats and an in_transit after delivered change nothing", async () => {
    const { orderId, shipmentId } = await labelled(seller, buyer, await shippedProduct(seller));
    expect((await scan(buyer, shipmentId, "in_transit")).body.shipment.status).toBe("in_transit");
    expect((await scan(buyer, shipmentId, "in_transit")).body.shipment.events).toHaveLength(2);
    const delivered = await scan(seller, shipmentId, "delivered");
    expect(delivered.body.shipment.status).toBe("delivered");
    const late = await scan(buyer, shipmentId, "in_transit");
    expect(late.body.shipment.status).toBe("delivered");
    expect(late.body.shipment.events.map((e: { status: string }) => e.status)).toEqual(["label_created", "in_transit", "delivered"]);
    const lostAfter = await scan(buyer, shipmentId, "lost");
    expect(lostAfter.body.status).toBe("held");
    const shipment = (await orderOf(buyer, orderId)).shipment;
    expect(new Date(shipment.claim_until).getTime() - new Date(shipment.delivered_at).getTime()).toBe(48 * 60 * 60 * 1000);
    expect((await scan(stranger, shipmentId, "delivered")).status).toBe(404);
  });

  it("lets the buyer confirm (“Alles in orde”); the seller is paid 3 days later, shipping booked apart", async () => {
    const productId = await shippedProduct(seller, { priceCents: 6000 });
    const { orderId, shipmentId } = await labelled(seller, buyer, productId);
    // Not yet with the carrier: nothing to confirm (the test provider's "advance" only).
    expect((await orderOf(buyer, orderId)).actions).toEqual(["advance_test_shipment"]);
    await scan(buyer, shipmentId, "in_transit");
    await scan(buyer, shipmentId, "delivered");
    expect((await orderOf(buyer, orderId)).actions).toEqual(["confirm_delivery", "dispute"]);
    expect((await orderOf(seller, orderId, "seller")).actions).toEqual([]);
    const ok = await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "delivered" } });
    expect(ok.body).toMatchObject({ status: "held", delivery_status: "confirmed" });
    await runJobs(new Date(Date.now() + 3 * DAY + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 6000 + 300 + 725],
      ["platform_fee", 300],
      ["seller_payout", 6000],
      ["shipping", 725],
    ]);
  });

  it("confirms by itself when the claim window ends in silence, then pays out 3 days later", async () => {
    const { orderId, shipmentId } = await labelled(seller, buyer, await shippedProduct(seller));
    await scan(seller, shipmentId, "delivered");
    const within = await runJobs(new Date(Date.now() + 47 * 60 * 60 * 1000));
    expect(within.auto_confirmed).toBe(0);
    const after = new Date(Date.now() + 48 * 60 * 60 * 1000 + 60_000);
    expect((await runJobs(after)).auto_confirmed).toBeGreaterThanOrEqual(1);
    const row = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(row.deliveryStatus).toBe("confirmed");
    expect(row.autoReleaseAt!.getTime()).toBe(after.getTime() + 3 * DAY);
    expect(await notificationsOf(buyer.id, "shipping.auto_confirmed")).toBeGreaterThan(0);
    // The window has closed: no dispute any more.
    const late = await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "dispute", notes: "Kapot" } });
    expect(late.status).toBe(409);
    await runJobs(new Date(after.getTime() + 3 * DAY + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
  });

  it("takes a reported problem with photos, which the seller sees, and holds the money for an admin", async () => {
    const { orderId, shipmentId } = await labelled(seller, buyer, await shippedProduct(seller));
    await scan(buyer, shipmentId, "delivered");
    const photos = [await uploadTestImage(buyer.token), await uploadTestImage(buyer.token)];
    const notMine = await uploadTestImage(stranger.token);
    const refused = await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "dispute", notes: "Glas gebroken", photos: [notMine] } });
    expect(refused.status).toBe(422);
    const tooMany = await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "dispute", notes: "x", photos: Array(6).fill(photos[0]) } });
    expect(tooMany.status).toBe(422);
    const disputed = await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "dispute", notes: "Glas gebroken", photos } });
    expect(disputed.status).toBe(200);
    expect(disputed.body).toMatchObject({ delivery_status: "disputed", dispute_photos: photos });
    expect((await orderOf(seller, orderId, "seller")).dispute_photos).toEqual(photos);
    await runJobs(new Date(Date.now() + 10 * DAY));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("held");
  });
});

describe("parcels that do not arrive", () => {
  it("are refunded in full (item, fee and shipping) when ship_by passes without a scan; the seller is reminded a working day before", async () => {
    const productId = await shippedProduct(seller, { priceCents: 2000 });
    const { orderId } = await buyShipped(buyer, productId);
    await makeLabel(seller, orderId); // a label alone is no scan
    const parcel = await db.parcel.findFirstOrThrow({ where: { orders: { some: { id: orderId } } } });
    expect(parcel.shipBy!.getTime()).toBe(addWorkingDays(parcel.createdAt, 5).getTime() - (parcel.createdAt.getTime() - (await db.order.findUniqueOrThrow({ where: { id: orderId } })).paidAt!.getTime()));
    const dayBefore = addWorkingDays(parcel.shipBy!, -1);
    expect((await runJobs(new Date(dayBefore.getTime() - 60_000))).ship_by_reminders).toBe(0);
    expect((await runJobs(new Date(dayBefore.getTime() + 60_000))).ship_by_reminders).toBeGreaterThanOrEqual(1);
    expect(await notificationsOf(seller.id, "shipping.ship_by_reminder")).toBeGreaterThan(0);
    expect((await runJobs(new Date(parcel.shipBy!.getTime() - 60_000))).ship_by_refunds).toBe(0);
    expect((await runJobs(new Date(parcel.shipBy!.getTime() + 60_000))).ship_by_refunds).toBeGreaterThanOrEqual(1);
    const row = await db.order.findUniqueOrThrow({ where: { id: orderId } });
    expect(row.status).toBe("refunded");
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 2000 + 100 + 725],
      ["buyer_refund", 2000 + 100 + 725],
    ]);
    expect((await productRow(productId)).status).toBe("available");
    expect(await notificationsOf(buyer.id, "shipping.not_shipped")).toBeGreaterThan(0);
  });

  it("are not refunded at ship_by once the carrier scanned them, nor after 14 days like a pickup", async () => {
    const { orderId, shipmentId } = await labelled(seller, buyer, await shippedProduct(seller));
    await scan(seller, shipmentId, "in_transit");
    await runJobs(new Date(Date.now() + 20 * DAY));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("held");
  });

  it("refund a lost parcel in full; the item stays sold", async () => {
    const productId = await shippedProduct(seller, { priceCents: 3000 });
    const { orderId, shipmentId } = await labelled(seller, buyer, productId);
    await scan(seller, shipmentId, "in_transit");
    const lost = await scan(seller, shipmentId, "lost");
    expect(lost.body).toMatchObject({ status: "refunded", shipment: { status: "lost" } });
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", 3000 + 150 + 725],
      ["buyer_refund", 3000 + 150 + 725],
    ]);
    expect((await productRow(productId)).status).toBe("sold");
  });

  it("refund a returned parcel in full and put the item back on sale", async () => {
    const productId = await shippedProduct(seller);
    const { orderId, shipmentId } = await labelled(seller, buyer, productId);
    await scan(seller, shipmentId, "in_transit");
    expect((await scan(seller, shipmentId, "returned")).body.status).toBe("refunded");
    expect((await productRow(productId)).status).toBe("available");
    expect(await notificationsOf(buyer.id, "shipping.returned")).toBeGreaterThan(0);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).refundedAt).not.toBeNull();
  });
});

describe("the ledger", () => {
  it("holds paid = refunded + paid out + fee + shipping + in escrow over a randomized mix with parcels", async () => {
    let seed = 20261127;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    // Fresh buyers: one account may start 20 checkouts an hour.
    const buyers = [await registerUser({ name: "Mix Een" }), await registerUser({ name: "Mix Twee" })];
    for (let i = 0; i < 14; i += 1) {
      const buyer = buyers[i % 2]!;
      const shipped = random() < 0.6;
      const price = 500 + Math.floor(random() * 20000);
      if (!shipped) {
        const { orderId } = await buyAndPay(buyer, await productOf(seller, price, `Mix ${i}`));
        if (random() < 0.5) await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "delivered" } });
        continue;
      }
      const size = (["mailbox", "parcel", "large"] as const)[Math.floor(random() * 3)]!;
      const { orderId, shipmentId } = await labelled(seller, buyer, await shippedProduct(seller, { priceCents: price, size, title: `Mix ${i}` }));
      const fate = random();
      if (fate < 0.2) continue;
      await scan(seller, shipmentId, "in_transit");
      if (fate < 0.35) await scan(seller, shipmentId, "lost");
      else if (fate < 0.5) await scan(seller, shipmentId, "returned");
      else {
        await scan(seller, shipmentId, "delivered");
        if (fate < 0.75) await call(confirmDelivery, { token: buyer.token, params: { id: orderId }, json: { confirmation_type: "delivered" } });
      }
    }
    await runJobs(new Date(Date.now() + 2 * DAY + 60_000));
    await runJobs(new Date(Date.now() + 6 * DAY));
    expect(await checkLedger()).toEqual([]);
    const shippingRows = await db.ledgerEntry.count({ where: { kind: "shipping" } });
    expect(shippingRows).toBeGreaterThan(0);
  });
});
