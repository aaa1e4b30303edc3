// Trader checks (DSA art. 30): a business seller's listing goes live only once they have
// given KvK number, business address, phone and the self-certification; existing
// business sellers are asked at their next listing; private sellers are not affected.
// The details stay while a listing is live: neither cleared nor the account made private.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createProductRoute } from "@/app/api/products/route";
import { DELETE as deleteProductRoute } from "@/app/api/products/[id]/route";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { ensureCategories, listingPayload } from "../../support/catalog";

const IP = "198.51.100.83";
const business = { name: "Joost Handel", is_business_seller: true, business_name: "Joost Handel B.V.", vat_number: "NL859234561B01" };

beforeAll(async () => {
  await ensureCategories();
});

/** A business account from before registration asked for the trader details. */
async function incompleteBusinessSeller() {
  const seller = await registerUser(business);
  await db.user.update({ where: { id: seller.id }, data: { kvkNumber: null, businessAddress: null, phone: null, traderCertifiedAt: null } });
  return seller;
}

describe("trader details before a business listing goes live", () => {
  it("refuses the listing (422) naming what is missing; lists once everything is given", async () => {
    const seller = await incompleteBusinessSeller();
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

describe("trader details stay while listings are live", () => {
  const full = { ...business, phone: "+31687654322", kvk_number: "87654322", business_address: "Vismarkt 5, 3511 AB Utrecht", trader_self_certified: true };
  const put = (token: string, json: Record<string, unknown>) => call(updateMe, { ip: IP, method: "PUT", token, json: { name: "Joost Handel", ...json } });

  it("refuses clearing KvK, address, phone or the certification, or turning private (422, nothing changes)", async () => {
    const seller = await registerUser(full);
    const listed = await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) });
    expect(listed.status).toBe(201);
    const stored = await db.user.findUniqueOrThrow({ where: { id: seller.id } });

    for (const [json, field] of [
      [{ kvk_number: "" }, "kvk_number"],
      [{ kvk_number: null }, "kvk_number"],
      [{ business_address: "  " }, "business_address"],
      [{ phone: null }, "phone"],
      [{ phone: "" }, "phone"],
      [{ trader_self_certified: false }, "trader_self_certified"],
      [{ is_business_seller: false }, "is_business_seller"],
    ] as const) {
      const res = await put(seller.token, { ...json, name: "Andere Naam" });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.code).toBe("trader_details_required");
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: seller.id } })).toEqual(stored);

    // Changing a detail (not clearing it) and other edits are fine.
    const moved = await put(seller.token, { business_address: "Neude 1, 3512 AD Utrecht", is_business_seller: true });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ business_address: "Neude 1, 3512 AD Utrecht", is_business_seller: true, kvk_number: "87654322" });
  });

  it("lets the seller clear them or turn private once no listing is live", async () => {
    const seller = await registerUser({ ...full, phone: "+31687654323", kvk_number: "87654323" });
    const listed = await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) });
    expect((await put(seller.token, { is_business_seller: false })).status).toBe(422);
    expect((await call(deleteProductRoute, { ip: IP, method: "DELETE", token: seller.token, params: { id: listed.body.id } })).status).toBeLessThan(300);

    const cleared = await put(seller.token, { kvk_number: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.kvk_number).toBeNull();
    const privateNow = await put(seller.token, { is_business_seller: false });
    expect(privateNow.status).toBe(200);
    expect(privateNow.body).toMatchObject({ is_business_seller: false, business_name: null, vat_number: null, business_address: null, trader_self_certified: false });
  });

  it("a business seller who never gave a detail can still edit the rest while listings are live", async () => {
    const seller = await registerUser({ ...full, phone: "+31687654324", kvk_number: "87654324" });
    expect((await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) })).status).toBe(201);
    // A live listing whose seller lacks a detail (the checks ask at the next listing).
    await db.user.update({ where: { id: seller.id }, data: { businessAddress: null } });
    expect((await put(seller.token, { name: "Joost Handel Utrecht" })).status).toBe(200);
  });

  it("a listing and clearing a detail at the same moment: one of them is refused, never both done", async () => {
    for (let i = 0; i < 4; i += 1) {
      const seller = await registerUser({ ...full, phone: `+3168765433${i}`, kvk_number: `8765433${i}` });
      const payload = await listingPayload(seller);
      const [listing, cleared] = await Promise.all([
        call(createProductRoute, { ip: IP, token: seller.token, json: payload }),
        put(seller.token, { kvk_number: "" }),
      ]);
      // Whichever came first, the other is refused with the same code.
      const statuses = [listing.status, cleared.status];
      expect([[201, 422], [422, 200]], JSON.stringify([listing.body, cleared.body])).toContainEqual(statuses);
      expect(listing.status === 201 ? cleared.body.code : listing.body.code).toBe("trader_details_required");
      const row = await db.user.findUniqueOrThrow({ where: { id: seller.id } });
      const live = await db.product.count({ where: { sellerId: seller.id, deletedAt: null } });
      expect(live === 0 || row.kvkNumber !== null).toBe(true);
    }
  });

  it("a private account cannot make itself a business account here (422)", async () => {
    const seller = await registerUser({ name: "Particulier Blijft" });
    const res = await put(seller.token, { is_business_seller: true });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["is_business_seller"]);
    expect((await db.user.findUniqueOrThrow({ where: { id: seller.id } })).isBusinessSeller).toBe(false);
  });
});

describe("GET /api/users/me says which trader details are missing", () => {
  it("lists each missing detail of an incomplete business account, in the order the forms ask them", async () => {
    const seller = await incompleteBusinessSeller();
    const res = await call(me, { ip: IP, token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body.trader_details_missing).toEqual(["kvk_number", "business_address", "phone", "trader_self_certified"]);

    const partial = await call(updateMe, { ip: IP, method: "PUT", token: seller.token, json: { name: "Joost Handel", kvk_number: "12345679", phone: "+31612345679" } });
    expect(partial.body.trader_details_missing).toEqual(["business_address", "trader_self_certified"]);
    const again = await call(me, { ip: IP, token: seller.token });
    expect(again.body.trader_details_missing).toEqual(["business_address", "trader_self_certified"]);
  });

  it("is empty for a complete business account, which lists at once", async () => {
    const seller = await registerUser({ ...business, phone: "+31687654399", kvk_number: "87654399", business_address: "Neude 1, 3512 AD Utrecht", trader_self_certified: true });
    const res = await call(me, { ip: IP, token: seller.token });
    expect(res.body).toMatchObject({ is_business_seller: true, trader_details_missing: [] });
    expect((await call(createProductRoute, { ip: IP, token: seller.token, json: await listingPayload(seller) })).status).toBe(201);
  });

  it("is empty for a private account, even without phone or KvK", async () => {
    const seller = await registerUser({ name: "Particulier Zonder Telefoon" });
    const res = await call(me, { ip: IP, token: seller.token });
    expect(res.body).toMatchObject({ is_business_seller: false, phone: null, trader_details_missing: [] });
  });
});
