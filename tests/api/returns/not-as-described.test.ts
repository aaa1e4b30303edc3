// A buyer says a parcel is not as described (docs/returns.md): an admin decides release,
// refund or return; the seller may take the item back or offer a partial refund; the
// return's label, scans, hand-in deadline and the seller's 48-hour inspection; the money
// goes back only when the item has come back.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { checkLedger } from "@/lib/domains/orders/ledger";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { uploadTestImage } from "../../support/catalog";
import { DAY, ledgerOf, makeAdmin, productRow } from "../../support/orders";
import { scan } from "../../support/shipping";
import {
  acceptOffer,
  acceptRequest,
  acceptReturn,
  disputedParcel,
  eventsFor,
  listDisputes,
  offer,
  orderAs,
  refuseOffer,
  reportProblem,
  resolve,
  returnIdOf,
  returnLabel,
} from "../../support/returns";

let seller: RegisteredUser;
let admin: RegisteredUser;
let stranger: RegisteredUser;
const HOUR = 60 * 60 * 1000;
// A 40.00 coat: fee 2.00, parcel shipping 7.25; the platform's return label costs 7.25 too.
const TOTAL = 4000 + 200 + 725;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  await db.user.update({ where: { id: seller.id }, data: { locale: "en" } });
  admin = await registerUser({ name: "Anne Bakker" });
  stranger = await registerUser({ name: "Piet Pieters" });
  await makeAdmin(admin);
});

const newBuyer = () => registerUser({ name: "Sanne de Vries" });

describe("an admin's return decision", () => {
  it("gives the buyer a label; the money and the item stay put until the return is back and accepted", async () => {
    const buyer = await newBuyer();
    const { orderId, productId } = await disputedParcel(seller, buyer);
    const decided = await resolve(admin, orderId, { resolution: "return", note: "Vlekken op de foto's." });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: "held", delivery_status: "disputed", dispute_resolution: "return" });
    expect(decided.body.return).toMatchObject({
      reason: "not_as_described",
      status: "label_created",
      label_url: null,
      inspect_until: null,
      refund: { amount: TOTAL / 100, return_shipping: 0 },
      shipment: { carrier: "postnl", events: [{ status: "label_created" }] },
    });
    expect(decided.body.return.shipment.tracking_code).toMatch(/^3STEST\d{10}$/);
    // Five working days to hand it in.
    expect(new Date(decided.body.return.hand_in_by).getTime()).toBeGreaterThanOrEqual(Date.now() + 5 * DAY - HOUR);
    // A second decision while the return travels is refused, and the queue waits for the return.
    expect((await resolve(admin, orderId, { resolution: "refund" })).status).toBe(409);
    expect((await listDisputes(admin)).body.map((o: { id: string }) => o.id)).not.toContain(orderId);

    const asBuyer = await orderAs(buyer, orderId, "buyer");
    const returnId = asBuyer.return.id as string;
    expect(asBuyer.return.label_url).toBe(`/api/returns/${returnId}/label`);
    expect((await orderAs(seller, orderId, "seller")).return).toMatchObject({ id: returnId, label_url: null });
    expect(await eventsFor(buyer.id, "return.label_ready")).toBe(1);
    expect(await eventsFor(seller.id, "return.opened")).toBe(1);
    // And by mail, in each reader's language.
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: buyer.id, template: "return_label_ready" } });
    expect(mail.subject).toBe("Retourlabel klaar: Wollen jas");
    expect(mail.text).toContain("Lever het pakket in vóór");
    const sellerMail = await db.mailOutbox.findFirstOrThrow({ where: { userId: seller.id, template: "return_opened" } });
    expect(sellerMail.subject).toBe("Return on its way: Wollen jas");

    // The label: the buyer's PDF alone.
    const pdf = await returnLabel(buyer, returnId);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await returnLabel(seller, returnId)).status).toBe(403);
    expect((await returnLabel(admin, returnId)).status).toBe(403);
    expect((await returnLabel(stranger, returnId)).status).toBe(404);

    // Scans through the same test endpoint: nothing is refunded yet.
    expect((await scan(stranger, returnId, "in_transit")).status).toBe(404);
    expect((await scan(buyer, returnId, "lost")).status).toBe(422);
    expect((await scan(buyer, returnId, "in_transit")).body.return.status).toBe("in_transit");
    expect(await eventsFor(seller.id, "return.handed_in")).toBe(1);
    expect(await ledgerOf(orderId)).toEqual([["buyer_payment", TOTAL]]);
    expect((await productRow(productId)).status).toBe("sold");
    const arrived = await scan(seller, returnId, "delivered");
    expect(arrived.body.return.status).toBe("delivered");
    const ret = arrived.body.return;
    const delivered = ret.shipment.events.find((e: { status: string }) => e.status === "delivered").at;
    expect(new Date(ret.inspect_until).getTime() - new Date(delivered).getTime()).toBe(48 * HOUR);
    expect((await orderAs(seller, orderId, "seller")).actions).toEqual(["accept_return", "report_return_problem"]);
    expect(await eventsFor(seller.id, "return.arrived")).toBe(1);

    // The buyer cannot accept for the seller; the seller accepts: refunded at once, for sale again.
    expect((await acceptReturn(buyer, orderId)).status).toBe(403);
    const accepted = await acceptReturn(seller, orderId);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "refunded", return: { status: "refunded", refund: { amount: TOTAL / 100, return_shipping: 0 } } });
    expect((await productRow(productId)).status).toBe("available");
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", TOTAL],
      ["buyer_refund", TOTAL],
      ["return_shipping", 725],
    ]);
    const labelRow = await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "return_shipping" } });
    expect(labelRow.providerRef).toBe("platform");
    expect((await db.ledgerEntry.findFirstOrThrow({ where: { orderId, kind: "buyer_refund" } })).providerRef).toMatch(/^re_testmode_/);
    expect(await checkLedger([orderId])).toEqual([]);
    expect((await acceptReturn(seller, orderId)).status).toBe(409);
  });

  it("refunds at inspect_until when the seller stays silent", async () => {
    const buyer = await newBuyer();
    const { orderId, productId } = await disputedParcel(seller, buyer);
    expect((await resolve(admin, orderId, { resolution: "return" })).status).toBe(200);
    const returnId = await returnIdOf(buyer, orderId);
    await scan(buyer, returnId, "delivered");
    const early = await runJobs(new Date(Date.now() + 47 * HOUR));
    expect(early.returns_refunded).toBe(0);
    // A day before the inspection ends the seller is reminded, once.
    expect(early.inspection_reminders).toBeGreaterThanOrEqual(1);
    expect(await eventsFor(seller.id, "return.inspect_reminder")).toBe(1);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("held");
    expect((await runJobs(new Date(Date.now() + 48 * HOUR + 60_000))).returns_refunded).toBeGreaterThanOrEqual(1);
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("refunded");
    expect((await productRow(productId)).status).toBe("available");
    expect(await checkLedger([orderId])).toEqual([]);
    // Too late to report a problem now.
    expect((await reportProblem(seller, orderId, { description: "Kapot" })).status).toBe(409);
  });
});

describe("a problem with the return", () => {
  it("goes to the admins' queue with both sides' photos; releasing makes the buyer bear a swapped item", async () => {
    const buyer = await newBuyer();
    const { orderId, productId } = await disputedParcel(seller, buyer);
    expect((await acceptRequest(seller, orderId)).status).toBe(200);
    const returnId = await returnIdOf(buyer, orderId);
    await scan(buyer, returnId, "delivered");
    const photos = [await uploadTestImage(seller.token)];
    expect((await reportProblem(seller, orderId, { description: "   ", photos })).status).toBe(422);
    expect((await reportProblem(seller, orderId, { description: "Een andere jas", photos: [await uploadTestImage(stranger.token)] })).status).toBe(422);
    expect((await reportProblem(buyer, orderId, { description: "x" })).status).toBe(403);
    const reported = await reportProblem(seller, orderId, { description: "Er zit een andere, kapotte jas in het pakket.", photos });
    expect(reported.status).toBe(200);
    expect(reported.body.return).toMatchObject({ status: "disputed", problem: { description: "Er zit een andere, kapotte jas in het pakket.", photos } });
    // The buyer learns there is a problem but not the seller's evidence before an admin.
    expect((await orderAs(buyer, orderId, "buyer")).return.problem).toBeNull();
    expect(await eventsFor(buyer.id, "return.problem_reported")).toBe(1);

    const queue = await listDisputes(admin);
    const entry = queue.body.find((o: { id: string }) => o.id === orderId);
    expect(entry.return.problem.photos).toEqual(photos);
    expect(entry.dispute_notes).toContain("Niet zoals beschreven");
    // The silence job leaves a reported return alone.
    await runJobs(new Date(Date.now() + 3 * DAY));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("held");

    const released = await resolve(admin, orderId, { resolution: "release", note: "Andere jas teruggestuurd." });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ status: "held", delivery_status: "confirmed" });
    await runJobs(new Date(Date.now() + 3 * DAY + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
    expect((await productRow(productId)).status).toBe("sold");
    expect((await listDisputes(admin)).body.map((o: { id: string }) => o.id)).not.toContain(orderId);
    expect(await checkLedger([orderId])).toEqual([]);
  });

  it("refunded by an admin instead: the item is back, so it is for sale again", async () => {
    const buyer = await newBuyer();
    const { orderId, productId } = await disputedParcel(seller, buyer);
    await acceptRequest(seller, orderId);
    await scan(buyer, await returnIdOf(buyer, orderId), "delivered");
    expect((await reportProblem(seller, orderId, { description: "Knoop ontbreekt" })).status).toBe(200);
    const refunded = await resolve(admin, orderId, { resolution: "refund", note: "Knoop ontbrak al bij verzending." });
    expect(refunded.body).toMatchObject({ status: "refunded", return: { status: "refunded" } });
    expect((await productRow(productId)).status).toBe("available");
    expect(await checkLedger([orderId])).toEqual([]);
  });
});

describe("the seller settles the dispute", () => {
  it("accepts a return without an admin; only the seller may, and only once", async () => {
    const buyer = await newBuyer();
    const { orderId } = await disputedParcel(seller, buyer);
    expect((await acceptRequest(buyer, orderId)).status).toBe(403);
    expect((await acceptRequest(stranger, orderId)).status).toBe(404);
    const accepted = await acceptRequest(seller, orderId);
    expect(accepted.status).toBe(200);
    expect(accepted.body.return).toMatchObject({ reason: "not_as_described", status: "label_created", refund: { return_shipping: 0 } });
    expect((await acceptRequest(seller, orderId)).status).toBe(409);
    expect((await resolve(admin, orderId, { resolution: "return" })).status).toBe(409);
  });

  it("not handed in by hand_in_by: the dispute closes for the seller, who is paid as usual", async () => {
    const buyer = await newBuyer();
    const { orderId, productId } = await disputedParcel(seller, buyer);
    await acceptRequest(seller, orderId);
    const handInBy = new Date((await orderAs(buyer, orderId, "buyer")).return.hand_in_by);
    expect((await runJobs(new Date(handInBy.getTime() - 2 * HOUR))).return_reminders).toBeGreaterThanOrEqual(1);
    expect(await eventsFor(buyer.id, "return.hand_in_reminder")).toBe(1);
    const after = new Date(handInBy.getTime() + 60_000);
    expect((await runJobs(after)).returns_expired).toBeGreaterThanOrEqual(1);
    const order = await orderAs(seller, orderId, "seller");
    expect(order).toMatchObject({ status: "held", delivery_status: "confirmed", return: { status: "expired" } });
    expect(new Date(order.auto_release_at).getTime()).toBe(after.getTime() + 3 * DAY);
    // A scan after the expiry changes nothing.
    expect((await scan(buyer, order.return.id, "in_transit")).body.return.status).toBe("expired");
    await runJobs(new Date(after.getTime() + 3 * DAY + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
    expect((await productRow(productId)).status).toBe("sold");
    expect(await checkLedger([orderId])).toEqual([]);
  });

  it("offers a partial refund: refused, offered again and accepted; the seller is paid the rest", async () => {
    const buyer = await newBuyer();
    const { orderId, productId } = await disputedParcel(seller, buyer);
    const tooHigh = await offer(seller, orderId, 40);
    expect(tooHigh.status).toBe(422);
    expect(tooHigh.body.code).toBe("partial_refund_too_high");
    expect((await offer(seller, orderId, 10.005)).status).toBe(422);
    expect((await offer(buyer, orderId, 10)).status).toBe(403);
    expect((await acceptOffer(buyer, orderId)).status).toBe(409);

    const first = await offer(seller, orderId, 10);
    expect(first.status).toBe(200);
    expect(first.body.partial_refund_offer).toBe(10);
    expect(await eventsFor(buyer.id, "order.partial_refund_offered")).toBe(1);
    expect((await orderAs(buyer, orderId, "buyer")).actions).toEqual(["accept_partial_refund", "refuse_partial_refund"]);
    const refused = await refuseOffer(buyer, orderId);
    expect(refused.body).toMatchObject({ status: "held", delivery_status: "disputed", partial_refund_offer: null });
    expect(await eventsFor(seller.id, "order.partial_refund_refused")).toBe(1);
    expect((await acceptOffer(buyer, orderId)).status).toBe(409);

    expect((await offer(seller, orderId, 12.5)).status).toBe(200);
    const accepted = await acceptOffer(buyer, orderId);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: "held", delivery_status: "confirmed", partial_refund: 12.5, dispute_resolution: "partial_refund" });
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", TOTAL],
      ["buyer_refund", 1250],
    ]);
    expect(await checkLedger([orderId])).toEqual([]);
    await runJobs(new Date(Date.now() + 60_000));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("completed");
    expect(await ledgerOf(orderId)).toEqual([
      ["buyer_payment", TOTAL],
      ["buyer_refund", 1250],
      ["platform_fee", 200],
      ["seller_payout", 4000 - 1250],
      ["shipping", 725],
    ]);
    expect((await productRow(productId)).status).toBe("sold");
    expect(await checkLedger([orderId])).toEqual([]);
  });
});
