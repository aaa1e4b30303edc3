// Shipping with MyParcel (docs/shipping.md): the whole path through our endpoints with the
// MyParcel provider against its loopback double: the label is made at MyParcel, and
// MyParcel's shipment_status_change webhook moves the order only after MyParcel itself
// confirms the shipment's status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as webhook } from "@/app/api/webhooks/shipping/myparcel/route";
import { POST as testEvent } from "@/app/api/shipping/test/[shipmentId]/[event]/route";
import { GET as label } from "@/app/api/shipments/[id]/label/route";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { startMyParcelDouble, type MyParcelDouble } from "../../support/myparcel-double";
import { buyShipped, makeLabel, shippedProduct } from "../../support/shipping";

let double: MyParcelDouble;
let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  double = await startMyParcelDouble({ apiKey: "mp-kringwaar-test-key" });
  process.env.MYPARCEL_API_KEY = double.apiKey;
  process.env.MYPARCEL_API_URL = double.url;
  resetEnvCache();
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
});

afterAll(async () => {
  delete process.env.MYPARCEL_API_KEY;
  delete process.env.MYPARCEL_API_URL;
  resetEnvCache();
  await double.close();
});

const hook = (shipmentIds: (number | string)[]) =>
  JSON.stringify({ data: { hooks: shipmentIds.map((id) => ({ event: "shipment_status_change", shipment_id: Number(id), account_id: 1, shop_id: 1, status: 7, barcode: "3SXXX" })) } });

// MyParcel signs each call with base64 of our API key.
const signature = () => Buffer.from(double.apiKey, "utf8").toString("base64");

function post(body: string, authorization: string | null = signature()) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (authorization !== null) headers["x-myparcel-authorization"] = authorization;
  return call(webhook, { method: "POST", path: "/api/webhooks/shipping/myparcel", body, headers });
}

describe("MyParcel", () => {
  it("makes the label at MyParcel and serves its PDF to the seller", async () => {
    const { orderId } = await buyShipped(buyer, await shippedProduct(seller));
    const made = await makeLabel(seller, orderId);
    expect(made.status).toBe(200);
    expect(made.body.shipment).toMatchObject({ status: "label_created", carrier: "postnl" });
    expect(double.requestsTo("POST", "/shipments")).toHaveLength(1);
    const pdf = await call(label, { token: seller.token, params: { id: made.body.shipment.id } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // The test provider's scans do not exist with a real provider.
    expect((await call(testEvent, { token: seller.token, method: "POST", params: { shipmentId: made.body.shipment.id, event: "delivered" } })).status).toBe(404);
  });

  it("counts a webhook's claim only once MyParcel confirms it; repeats and late steps change nothing", async () => {
    const { orderId } = await buyShipped(buyer, await shippedProduct(seller));
    const made = await makeLabel(seller, orderId);
    const parcel = await db.parcel.findUniqueOrThrow({ where: { id: made.body.shipment.id } });
    const mpId = parcel.providerShipmentId!;

    // The body says delivered, MyParcel says it is only registered: nothing happens.
    const unconfirmed = await post(hook([mpId]));
    expect(unconfirmed.status).toBe(200);
    expect((await db.parcel.findUniqueOrThrow({ where: { id: parcel.id } })).status).toBe("label_created");

    double.setStatus(mpId, 3);
    expect((await post(hook([mpId]))).body).toMatchObject({ applied: 1 });
    expect((await db.parcel.findUniqueOrThrow({ where: { id: parcel.id } })).status).toBe("in_transit");

    double.setStatus(mpId, 7);
    await post(hook([mpId]));
    await post(hook([mpId]));
    const delivered = await db.parcel.findUniqueOrThrow({ where: { id: parcel.id }, include: { events: true } });
    expect(delivered.status).toBe("delivered");
    expect(delivered.claimUntil).not.toBeNull();
    expect(delivered.events.map((e) => e.status).sort()).toEqual(["delivered", "in_transit", "label_created"]);

    // A late "in transit" from MyParcel does not move it back.
    double.setStatus(mpId, 5);
    expect((await post(hook([mpId]))).body).toMatchObject({ applied: 0 });
    expect((await db.parcel.findUniqueOrThrow({ where: { id: parcel.id } })).status).toBe("delivered");
  });

  it("refunds a returned parcel when MyParcel confirms the return", async () => {
    const productId = await shippedProduct(seller);
    const { orderId } = await buyShipped(buyer, productId);
    const made = await makeLabel(seller, orderId);
    const mpId = (await db.parcel.findUniqueOrThrow({ where: { id: made.body.shipment.id } })).providerShipmentId!;
    double.setStatus(mpId, 3);
    await post(hook([mpId]));
    double.setStatus(mpId, 11);
    await post(hook([mpId]));
    expect((await db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe("refunded");
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).status).toBe("available");
  });

  it("refuses a call without MyParcel's signature or with a wrong one (401) and asks MyParcel nothing", async () => {
    const { orderId } = await buyShipped(buyer, await shippedProduct(seller));
    const made = await makeLabel(seller, orderId);
    const mpId = (await db.parcel.findUniqueOrThrow({ where: { id: made.body.shipment.id } })).providerShipmentId!;
    double.setStatus(mpId, 3);
    const asked = () => double.requestsTo("GET", `/shipments/${mpId}`).length;
    const before = asked();
    for (const authorization of [null, "", Buffer.from("another-key").toString("base64"), double.apiKey]) {
      const refused = await post(hook([mpId]), authorization);
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.body).toMatchObject({ code: "unauthorized" });
    }
    expect(asked()).toBe(before);
    expect((await db.parcel.findUniqueOrThrow({ where: { id: made.body.shipment.id } })).status).toBe("label_created");
    // Signed, the same claim counts.
    expect((await post(hook([mpId]))).body).toMatchObject({ applied: 1 });
    expect(asked()).toBeGreaterThan(before);
  });

  it("ignores shipments it does not know and refuses a body that is no such hook", async () => {
    expect((await post(hook([987654321]))).body).toMatchObject({ received: 1, applied: 0 });
    expect((await post(JSON.stringify({ hello: "world" }))).status).toBe(400);
    expect((await post("not json")).status).toBe(400);
  });
});

describe("without MyParcel", () => {
  it("the webhook does not exist (404)", async () => {
    delete process.env.MYPARCEL_API_KEY;
    resetEnvCache();
    try {
      expect((await post(hook([1]))).status).toBe(404);
    } finally {
      process.env.MYPARCEL_API_KEY = double.apiKey;
      resetEnvCache();
    }
  });
});
