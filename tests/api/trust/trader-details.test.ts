// Business sellers' trader details (KvK number, business address) and where they show.
import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as profile } from "@/app/api/users/[id]/profile/route";
import { GET as me, PUT as updateMe } from "@/app/api/users/me/route";
import { KVK_DETAIL } from "@/lib/domains/accounts/kvk";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";

const IP = "198.51.100.77";

const business = {
  name: "Tijs van den Berg",
  is_business_seller: true,
  business_name: "Tweedehands Tijs B.V.",
  vat_number: "NL859234561B01",
};

function registerWith(json: Record<string, unknown>) {
  return call(register, {
    path: "/api/auth/register",
    ip: IP,
    json: { email: `trader-${Math.random().toString(36).slice(2)}@example.nl`, password: "correct horse battery", ...json },
  });
}

describe("KvK number at registration", () => {
  it("accepts 8 digits (spaces and dots removed) with a business address", async () => {
    const res = await registerWith({ ...business, kvk_number: "1234 5678", business_address: "Oudegracht 12, 3511 AB Utrecht", phone: "+31612345601", trader_self_certified: true });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ kvk_number: "12345678", business_address: "Oudegracht 12, 3511 AB Utrecht" });
  });

  it.each(["1234567", "123456789", "1234567a", "NL12345678"])("refuses %s with the field named and creates nothing", async (kvk) => {
    const email = `refused-${kvk}@example.nl`;
    const res = await call(register, {
      path: "/api/auth/register",
      ip: IP,
      json: { ...business, email, password: "correct horse battery", kvk_number: kvk },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: "kvk_number", message: KVK_DETAIL });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("a private seller's KvK number and address are not stored", async () => {
    const res = await registerWith({ name: "Particulier", kvk_number: "12345678", business_address: "Ergens 1" });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ is_business_seller: false, kvk_number: null, business_address: null });
  });
});

describe("KvK number in PUT /api/users/me", () => {
  it("a business seller adds, changes and clears them; a wrong number changes nothing", async () => {
    const seller = await registerUser({ ...business });
    const add = await call(updateMe, {
      method: "PUT",
      token: seller.token,
      json: { name: "Tijs van den Berg", kvk_number: "87654321", business_address: "Lange Viestraat 2, 3511 BK Utrecht" },
    });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ kvk_number: "87654321", business_address: "Lange Viestraat 2, 3511 BK Utrecht" });

    const bad = await call(updateMe, { method: "PUT", token: seller.token, json: { name: "Ander", kvk_number: "8765" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toContainEqual({ field: "kvk_number", message: KVK_DETAIL });
    const after = await call(me, { token: seller.token });
    expect(after.body).toMatchObject({ name: "Tijs van den Berg", kvk_number: "87654321" });

    // Omitted keeps them.
    const keep = await call(updateMe, { method: "PUT", token: seller.token, json: { name: "Tijs" } });
    expect(keep.body).toMatchObject({ kvk_number: "87654321", business_address: "Lange Viestraat 2, 3511 BK Utrecht" });

    const clear = await call(updateMe, { method: "PUT", token: seller.token, json: { name: "Tijs", kvk_number: "", business_address: null } });
    expect(clear.body).toMatchObject({ kvk_number: null, business_address: null });
  });

  it("a private seller cannot set them", async () => {
    const person = await registerUser({ name: "Particulier" });
    const res = await call(updateMe, { method: "PUT", token: person.token, json: { name: "Particulier", kvk_number: "12345678" } });
    expect(res.status).toBe(200);
    expect(res.body.kvk_number).toBeNull();
  });
});

describe("trader details in the public seller profile", () => {
  it("a business seller's profile carries company, VAT, KvK, address and the 14-day withdrawal right", async () => {
    const seller = await registerUser({ ...business, kvk_number: "12345678", business_address: "Oudegracht 12, 3511 AB Utrecht" });
    const res = await call(profile, { params: { id: seller.id } });
    expect(res.status).toBe(200);
    expect(res.body.trader).toEqual({
      business_name: "Tweedehands Tijs B.V.",
      vat_number: "NL859234561B01",
      kvk_number: "12345678",
      business_address: "Oudegracht 12, 3511 AB Utrecht",
      withdrawal_days: 14,
    });
  });

  it("a private seller has no trader block", async () => {
    const person = await registerUser({ name: "Particulier" });
    const res = await call(profile, { params: { id: person.id } });
    expect(res.status).toBe(200);
    expect(res.body.trader).toBeNull();
  });
});
