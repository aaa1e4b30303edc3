// Shipping, part 1 (docs/shipping.md): listings that ship, the options and service points,
// and checkouts with a delivery choice: refused where not offered, the fee never on
// shipping, one parcel per seller in a cart, the destination kept and offered again.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { GET as getProduct, PUT as putProduct } from "@/app/api/products/[id]/route";
import { GET as options } from "@/app/api/shipping/options/route";
import { GET as servicePoints } from "@/app/api/shipping/service-points/route";
import { GET as lastAddress } from "@/app/api/shipping/address/route";
import { GET as listOrders } from "@/app/api/transactions/route";
import { GET as testCheckoutView } from "@/app/api/payments/test-checkout/[sessionId]/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, listingPayload, listProduct } from "../../support/catalog";
import { cartCheckout, checkout, productOf, sessionRow } from "../../support/orders";
import { buyShipped, firstServicePoint, HOME, shipCheckout, shippedProduct } from "../../support/shipping";
import { POST as createProduct } from "@/app/api/products/route";
import { POST as cartRoute } from "@/app/api/payments/create-checkout-cart/route";

let seller: RegisteredUser;
let other: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Tijs van den Berg" });
  other = await registerUser({ name: "Noor Jansen" });
  buyer = await registerUser({ name: "Sanne de Vries" });
});

describe("listings that ship", () => {
  it("default to pickup only, so existing clients keep working", async () => {
    const product = await listProduct(seller);
    expect(product).toMatchObject({ delivery_options: ["pickup"], parcel_size: null, shipping_price: null, shipping_prices: null });
  });

  it("offer shipping with a parcel size and say what shipping costs", async () => {
    const product = await listProduct(seller, { delivery_options: ["pickup", "shipping"], parcel_size: "mailbox" });
    expect(product).toMatchObject({ delivery_options: ["pickup", "shipping"], parcel_size: "mailbox", shipping_price: 4.45, shipping_prices: { NL: 4.45, BE: 7.95 } });
    const read = await call(getProduct, { params: { id: product.id } });
    expect(read.body.shipping_price).toBe(4.45);
  });

  it("refuse no delivery option, or shipping without a size (422, nothing listed)", async () => {
    const before = await db.product.count({ where: { sellerId: seller.id } });
    const empty = await call(createProduct, { token: seller.token, json: await listingPayload(seller, { delivery_options: [] }) });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe("Choose pickup, shipping or both");
    const noSize = await call(createProduct, { token: seller.token, json: await listingPayload(seller, { delivery_options: ["shipping"] }) });
    expect(noSize.status).toBe(422);
    expect(noSize.body.detail).toBe("Choose a parcel size for shipping");
    const badSize = await call(createProduct, { token: seller.token, json: await listingPayload(seller, { delivery_options: ["shipping"], parcel_size: "huge" }) });
    expect(badSize.status).toBe(422);
    expect(await db.product.count({ where: { sellerId: seller.id } })).toBe(before);
  });

  it("keep their delivery options on an edit that does not mention them, and change them when it does", async () => {
    const product = await listProduct(seller, { delivery_options: ["shipping"], parcel_size: "large" });
    const payload = await listingPayload(seller, { price: 99 });
    const kept = await call(putProduct, { token: seller.token, params: { id: product.id }, json: payload });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ price: 99, delivery_options: ["shipping"], parcel_size: "large" });
    const changed = await call(putProduct, { token: seller.token, params: { id: product.id }, json: { ...payload, delivery_options: ["pickup"] } });
    expect(changed.body).toMatchObject({ delivery_options: ["pickup"], parcel_size: null, shipping_price: null });
  });

  it("can be filtered by delivery in browse", async () => {
    const title = "Uniekzoekwoord schemerlamp";
    const ships = await shippedProduct(other, { title: `${title} verzenden` });
    const pickup = await productOf(other, 2000, `${title} ophalen`);
    const search = (delivery: string) =>
      call(listProducts, { path: `/api/products?search=${encodeURIComponent("Uniekzoekwoord")}&delivery=${delivery}` }).then((r) => r.body.map((p: { id: string }) => p.id));
    expect(await search("shipping")).toEqual([ships]);
    expect(await search("pickup")).toEqual(expect.arrayContaining([ships, pickup]));
    expect((await call(listProducts, { path: "/api/products?delivery=drone" })).status).toBe(422);
  });
});

describe("shipping options and service points", () => {
  it("lists the sizes with limits, prices per country and carriers", async () => {
    const res = await call(options);
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe("test");
    expect(res.body.sizes.map((s: { size: string }) => s.size)).toEqual(["mailbox", "parcel", "large"]);
    expect(res.body.sizes[0]).toMatchObject({ max_weight_kg: 2, max_dimensions_cm: { length: 38, width: 26, height: 3 }, prices: { NL: 4.45, BE: 7.95 } });
  });

  it("lists service points near a Dutch or Belgian postcode, and refuses a bad postcode", async () => {
    const nl = await call(servicePoints, { path: "/api/shipping/service-points?postcode=1012AB&country=NL" });
    expect(nl.status).toBe(200);
    expect(nl.body.service_points.length).toBeGreaterThan(0);
    expect(nl.body.service_points[0]).toMatchObject({ address: { country: "NL" } });
    expect(nl.body.service_points[0].opening_hours.length).toBe(7);
    const be = await call(servicePoints, { path: "/api/shipping/service-points?postcode=1000&country=BE" });
    expect(be.body.service_points[0].address.country).toBe("BE");
    const bad = await call(servicePoints, { path: "/api/shipping/service-points?postcode=12&country=NL" });
    expect(bad.status).toBe(422);
    // PostNL never issues the letter pairs SA, SD and SS: not a postcode for service points either.
    const neverIssued = await call(servicePoints, { path: "/api/shipping/service-points?postcode=1012SS&country=NL" });
    expect(neverIssued.status).toBe(422);
  });
});

describe("checkout with a delivery choice", () => {
  it("charges item + 5% fee on the item + shipping, shows shipping as its own line, and remembers the address", async () => {
    const productId = await shippedProduct(seller, { priceCents: 4000, size: "parcel" });
    const started = await shipCheckout(buyer, productId);
    expect(started.status).toBe(200);
    const session = await sessionRow(started.body.session_id);
    // 40.00 + 2.00 fee + 7.25 shipping (no fee on shipping)
    expect(session.amountTotalCents).toBe(4000 + 200 + 725);
    expect(session.orders[0]).toMatchObject({ deliveryMethod: "shipping", shippingCents: 725, commissionCents: 200, totalCents: 4925 });
    const view = await call(testCheckoutView, { token: buyer.token, params: { sessionId: started.body.session_id } });
    expect(view.body.items[0]).toMatchObject({ amount: 40, commission: 2, shipping: 7.25 });
    const remembered = await call(lastAddress, { token: buyer.token });
    expect(remembered.body.address).toMatchObject({ ...HOME, postcode: "3511 AZ" });
  });

  it("charges the Belgian price to Belgium", async () => {
    const productId = await shippedProduct(seller, { priceCents: 1000, size: "mailbox" });
    const started = await shipCheckout(buyer, productId, { shipping_address: { ...HOME, postcode: "1000", city: "Brussel", country: "BE" } });
    expect(started.status).toBe(200);
    expect((await sessionRow(started.body.session_id)).amountTotalCents).toBe(1000 + 50 + 795);
  });

  it("refuses shipping where the seller offers pickup only, and pickup where it only ships (422, nothing reserved)", async () => {
    const pickupOnly = await productOf(seller, 3000, "Eikenhouten kast");
    const refused = await shipCheckout(buyer, pickupOnly);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: "delivery_not_offered" });
    const shipOnly = await shippedProduct(seller, { pickupToo: false });
    const noPickup = await checkout(buyer, shipOnly);
    expect(noPickup.status).toBe(422);
    expect(noPickup.body.code).toBe("delivery_not_offered");
    expect((await db.product.findUniqueOrThrow({ where: { id: shipOnly } })).status).toBe("available");
  });

  it("asks for a destination and checks the postcode per country (422 with the field)", async () => {
    const productId = await shippedProduct(seller);
    const none = await shipCheckout(buyer, productId, {});
    expect(none.status).toBe(422);
    expect(none.body.code).toBe("destination_required");
    const badNl = await shipCheckout(buyer, productId, { shipping_address: { ...HOME, postcode: "12345" } });
    expect(badNl.status).toBe(422);
    expect(badNl.body.errors?.[0]?.field ?? badNl.body.detail).toMatch(/postcode|Dutch postcode/);
    for (const postcode of ["3511 SA", "3511sd", "3511 SS"]) {
      const neverIssued = await shipCheckout(buyer, productId, { shipping_address: { ...HOME, postcode } });
      expect(neverIssued.status, postcode).toBe(422);
    }
    const badBe = await shipCheckout(buyer, productId, { shipping_address: { ...HOME, postcode: "1012 AB", country: "BE" } });
    expect(badBe.status).toBe(422);
    const unknownPoint = await shipCheckout(buyer, productId, { service_point_id: "postnl:does-not-exist" });
    expect(unknownPoint.status).toBe(422);
    expect(unknownPoint.body.code).toBe("unknown_service_point");
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).status).toBe("available");
  });

  it("ships to a service point the API listed, kept on the order for buyer and seller only", async () => {
    const point = await firstServicePoint("3511 AZ");
    const productId = await shippedProduct(seller);
    const { orderId } = await buyShipped(buyer, productId, { service_point_id: point.id });
    const mine = (await call(listOrders, { token: buyer.token })).body.find((o: { id: string }) => o.id === orderId);
    expect(mine).toMatchObject({ delivery_method: "shipping", shipping_amount: 7.25, pickup_code: null, service_point: { id: point.id }, shipping_address: null, recipient_name: "Sanne de Vries" });
    expect(mine.ship_by).not.toBeNull();
    const sale = (await call(listOrders, { token: seller.token, path: "/api/transactions?role=seller" })).body.find((o: { id: string }) => o.id === orderId);
    expect(sale).toMatchObject({ service_point: { id: point.id }, actions: ["seller_cancel", "create_shipment"] });
    const remembered = await call(lastAddress, { token: buyer.token });
    expect(remembered.body.service_point.id).toBe(point.id);
  });

  it("sends one seller's items in a cart as one parcel that pays shipping once, at the largest size", async () => {
    const small = await shippedProduct(other, { priceCents: 1500, size: "mailbox", title: "Boek" });
    const big = await shippedProduct(other, { priceCents: 2500, size: "large", title: "Stoel" });
    const elsewhere = await shippedProduct(seller, { priceCents: 1000, size: "parcel", title: "Lamp" });
    const cartBuyer = await registerUser({ name: "Cart Koper" });
    // Without a choice the cart is picked up (older clients), and pays no shipping...
    const pickedUp = await cartCheckout(cartBuyer, [small, big, elsewhere]);
    expect(pickedUp.status).toBe(200);
    expect((await sessionRow(pickedUp.body.session_id)).amountTotalCents).toBe(5000 + 250);
    // ...shipped instead, the new checkout replaces that unpaid one.
    const shipped = await call(cartRoute, { token: cartBuyer.token, json: { origin_url: "http://localhost:3000", delivery_method: "shipping", shipping_address: HOME } });
    expect(shipped.status).toBe(200);
    const session = await sessionRow(shipped.body.session_id);
    const parcels = await db.parcel.findMany({ where: { checkoutSessionId: session.id } });
    expect(parcels.map((p) => [p.sellerId, p.size, p.shippingCents]).sort()).toEqual(
      [
        [other.id, "large", 1595],
        [seller.id, "parcel", 725],
      ].sort(),
    );
    // Items 1500 + 2500 + 1000, fees 75 + 125 + 50, shipping 1595 + 725 (once per parcel).
    expect(session.amountTotalCents).toBe(5000 + 250 + 2320);
    expect(session.orders.reduce((sum, o) => sum + o.shippingCents, 0)).toBe(2320);
  });
});
