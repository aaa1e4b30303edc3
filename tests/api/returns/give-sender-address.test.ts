// The seller's sender address (docs/returns.md): postcode and house number, the rest
// looked up (or typed where the lookup knows only the area); private to the seller and
// admins; buyers of a shipped order see the seller's town only.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getSender, PUT as putSender } from "@/app/api/shipping/sender-address/route";
import { GET as listOrders } from "@/app/api/transactions/route";
import { DELETE as deleteMe } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { withOfflineGeocoder } from "../../support/catalog";
import { buyShipped, labelled, makeLabel, shippedProduct } from "../../support/shipping";

withOfflineGeocoder();

let seller: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
});

const put = (user: RegisteredUser, json: Record<string, unknown>) => call(putSender, { token: user.token, method: "PUT", json });

describe("PUT /api/shipping/sender-address", () => {
  it("is asked before the first label: without it the label is refused (409) and nothing is made", async () => {
    const { orderId } = await buyShipped(buyer, await shippedProduct(seller, { title: "Radio" }));
    const refused = await makeLabel(seller, orderId, { withoutSender: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("sender_address_required");
    expect((await db.parcel.findFirstOrThrow({ where: { orders: { some: { id: orderId } } } })).status).toBeNull();
  });

  it("refuses a bad postcode or number and changes nothing", async () => {
    expect((await put(seller, { postcode: "12345", house_number: "8" })).status).toBe(422);
    expect((await put(seller, { postcode: "3512 AE", house_number: "acht" })).status).toBe(422);
    expect((await call(getSender, { token: seller.token })).body).toEqual({ sender_address: null });
  });

  it("asks for the street where the lookup knows only the area, and fills in the town", async () => {
    const missing = await put(seller, { postcode: "3512ae", house_number: "11" });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe("address_not_found");
    const saved = await put(seller, { postcode: "3512ae", house_number: "11", house_number_suffix: "B", street: "Neude" });
    expect(saved.status).toBe(200);
    expect(saved.body.sender_address).toEqual({ street: "Neude", house_number: "11", house_number_suffix: "B", postcode: "3512 AE", city: "Utrecht", country: "NL" });
    expect((await call(getSender, { token: seller.token })).body).toEqual(saved.body);
    // Someone else's is their own business.
    expect((await call(getSender, { token: buyer.token })).body).toEqual({ sender_address: null });
  });
});

describe("what a buyer of a shipped order sees of the seller", () => {
  it("is the town only: no street, no number, an approximate position", async () => {
    await put(seller, { postcode: "3512 AE", house_number: "11", street: "Neude" });
    const { orderId } = await labelled(seller, buyer, await shippedProduct(seller, { title: "Platenspeler" }));
    const list = await call(listOrders, { token: buyer.token, path: "/api/transactions?role=buyer" });
    const order = list.body.find((o: { id: string }) => o.id === orderId);
    expect(order.pickup_location.approximate).toBe(true);
    expect(order.pickup_address).toBe("Utrecht");
    expect(JSON.stringify(order)).not.toContain("Neude");
    // The seller sees their own exact place.
    const sales = await call(listOrders, { token: seller.token, path: "/api/transactions?role=seller" });
    expect(sales.body.find((o: { id: string }) => o.id === orderId).pickup_location.approximate).toBe(false);
    expect(await db.senderAddress.count({ where: { userId: seller.id } })).toBe(1);
  });
});

describe("deleting the account", () => {
  it("deletes the sender address with it", async () => {
    const leaving = await registerUser({ name: "Kees Jansen" });
    expect((await put(leaving, { postcode: "3512 AE", house_number: "3", street: "Neude" })).status).toBe(200);
    const deleted = await call(deleteMe, { method: "DELETE", path: "/api/users/me", token: leaving.token, json: { password: leaving.password } });
    expect(deleted.status).toBeLessThan(300);
    expect(await db.senderAddress.count({ where: { userId: leaving.id } })).toBe(0);
  });
});
