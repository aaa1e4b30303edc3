// The buyer's destination is the seller's to see only once paid (docs/shipping.md): an
// unpaid or cancelled checkout shows the seller no shipping address, service point or
// recipient name, in the order list or the seller's data export; once paid it is there,
// as the exact pickup address is there for the buyer once paid.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listOrders } from "@/app/api/transactions/route";
import { GET as exportRoute } from "@/app/api/users/me/export/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories } from "../../support/catalog";
import { press } from "../../support/orders";
import { firstServicePoint, shipCheckout, shippedProduct } from "../../support/shipping";

const IP = "198.51.100.131";
const HIDDEN = {
  name: "Femke Verborgen",
  street: "Lijnbaansgracht",
  house_number: "77",
  postcode: "1017 RX",
  city: "Amsterdam",
  country: "NL",
} as const;

let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Tijs Verkoper" });
  buyer = await registerUser({ name: "Femke Koper" });
});

async function sale(orderId: string) {
  const res = await call(listOrders, { ip: IP, token: seller.token, path: "/api/transactions?role=seller" });
  expect(res.status).toBe(200);
  return res.body.find((o: { id: string }) => o.id === orderId);
}

async function purchase(orderId: string) {
  const res = await call(listOrders, { ip: IP, token: buyer.token });
  return res.body.find((o: { id: string }) => o.id === orderId);
}

async function sellerExport() {
  const res = await call(exportRoute, { ip: IP, token: seller.token, path: "/api/users/me/export" });
  expect(res.status).toBe(200);
  return res.body;
}

const NOTHING = { shipping_address: null, service_point: null, recipient_name: null };

describe("the buyer's shipping destination", () => {
  it("is hidden from the seller while the checkout is unpaid, and after it is cancelled", async () => {
    const productId = await shippedProduct(seller, { title: "Platenspeler" });
    const started = await shipCheckout(buyer, productId, { shipping_address: HIDDEN });
    expect(started.status).toBe(200);
    const orderId = started.body.transaction_ids[0] as string;

    // The buyer sees their own destination; the seller sees the sale without it.
    expect(await purchase(orderId)).toMatchObject({ status: "pending", shipping_address: { street: "Lijnbaansgracht" }, recipient_name: "Femke Verborgen" });
    expect(await sale(orderId)).toMatchObject({ status: "pending", delivery_method: "shipping", ...NOTHING });
    let file = await sellerExport();
    expect(file.orders.as_seller.find((o: { id: string }) => o.id === orderId)).toMatchObject(NOTHING);
    expect(JSON.stringify(file)).not.toContain("Lijnbaansgracht");
    expect(JSON.stringify(file)).not.toContain("Femke Verborgen");

    expect((await press(buyer, started.body.session_id, "cancel")).status).toBe(200);
    // The sales list leaves cancelled attempts out; the export keeps them, without it.
    expect(await sale(orderId)).toBeUndefined();
    file = await sellerExport();
    expect(file.orders.as_seller.find((o: { id: string }) => o.id === orderId)).toMatchObject({ status: "cancelled", ...NOTHING });
    expect(JSON.stringify(file)).not.toContain("Lijnbaansgracht");
    // No mail to the seller carries it either.
    const mails = await db.mailOutbox.findMany({ where: { userId: seller.id } });
    for (const mail of mails) expect(`${mail.subject} ${mail.text}`).not.toContain("Lijnbaansgracht");
  });

  it("appears for the seller once the order is paid: address, or service point and recipient", async () => {
    const productId = await shippedProduct(seller, { title: "Radio" });
    const home = await shipCheckout(buyer, productId, { shipping_address: HIDDEN });
    const homeOrder = home.body.transaction_ids[0] as string;
    expect((await press(buyer, home.body.session_id, "pay")).status).toBe(200);
    expect(await sale(homeOrder)).toMatchObject({ status: "held", shipping_address: { street: "Lijnbaansgracht", house_number: "77" }, recipient_name: "Femke Verborgen" });

    const point = await firstServicePoint("1017 RX");
    const other = await shippedProduct(seller, { title: "Lamp" });
    const started = await shipCheckout(buyer, other, { service_point_id: point.id, recipient_name: "F. Verborgen" });
    const pointOrder = started.body.transaction_ids[0] as string;
    expect(await sale(pointOrder)).toMatchObject(NOTHING);
    expect((await press(buyer, started.body.session_id, "pay")).status).toBe(200);
    expect(await sale(pointOrder)).toMatchObject({ status: "held", service_point: { id: point.id }, recipient_name: "F. Verborgen" });

    const file = await sellerExport();
    expect(file.orders.as_seller.find((o: { id: string }) => o.id === pointOrder)).toMatchObject({ service_point: { id: point.id }, recipient_name: "F. Verborgen" });
    expect(file.orders.as_seller.find((o: { id: string }) => o.id === homeOrder)).toMatchObject({ shipping_address: { street: "Lijnbaansgracht" } });
  });
});
