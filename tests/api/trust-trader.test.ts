// Trader checks (DSA art. 30): a business seller's listing goes live only once they have
// given KvK number, business address, phone and the self-certification; existing
// business sellers are asked at their next listing; private sellers are not affected.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createProductRoute } from "@/app/api/products/route";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../support/http";
import { registerUser } from "../support/factories";
import { ensureCategories, listingPayload } from "../support/catalogue";

const IP = "198.51.100.83";
const business = { name: "Joost Handel", is_business_seller: true, business_name: "Joost Handel B.V.", vat_number: "NL859234561B01" };

beforeAll(async () => {
  await ensureCategories();
});

describe("trader details before a business listing goes live", () => {
  it("refuses the listing (422) naming what is missing; lists once everything is given", async () => {
    const seller = await registerUser(business);
    const payload = await listingPayload(seller);
    const refused = await call(createProductRoute, { ip: IP, token: seller.token, json: payload });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("trader_details_required");
    expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(["kvk_number", "business_address", "phone", "trader_self_certified"]);
    expect(await db.product.count({ where: { sellerId: seller.id } })).toBe(0);

    // Everything but the self-certification: still refused, naming only that.
    const partial = await call(updateMe, { ip: IP, method: "PUT", token: seller.token, json: { name: "Joost Handel", phone: "+31612345670", kvk_number: "12345678", business_address: "Oudegracht 12, 3511 AB Utrecht" } });
    expect(partial.status).toBe(200);
    expect(partial.body.trader_self_certified).toBe(false);
    const again = await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) });
    expect(again.status).toBe(422);
    expect(again.body.errors.map((e: { field: string }) => e.field)).toEqual(["trader_self_certified"]);

    const certified = await call(updateMe, { ip: IP, method: "PUT", token: seller.token, json: { name: "Joost Handel", trader_self_certified: true } });
    expect(certified.body).toMatchObject({ kvk_number: "12345678", phone: "+31612345670", trader_self_certified: true });
    const listed = await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) });
    expect(listed.status).toBe(201);
    // The listing shows who the trader is (Omnibus), as before.
    expect(listed.body.seller_is_business).toBe(true);
  });

  it("a business seller who certifies at registration with all details lists at once", async () => {
    const seller = await registerUser({ ...business, phone: "+31687654321", kvk_number: "87654321", business_address: "Lange Viestraat 2, 3511 BK Utrecht", trader_self_certified: true });
    const profile = await call(me, { ip: IP, token: seller.token });
    expect(profile.body.trader_self_certified).toBe(true);
    expect((await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) })).status).toBe(201);
  });

  it("private sellers are not asked, and cannot certify", async () => {
    const seller = await registerUser({ name: "Particuliere Verkoper" });
    expect((await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) })).status).toBe(201);
    const res = await call(updateMe, { ip: IP, method: "PUT", token: seller.token, json: { name: "Particuliere Verkoper", trader_self_certified: true } });
    expect(res.body.trader_self_certified).toBe(false);
  });
});
