// The Dutch address lookup (docs/catalog.md, "Addresses"): postcode and house number →
// street and town from the address register (PDOK, here a loopback double); offline or
// when PDOK is down the answer says so and the person types them. The sender address
// takes the register's street and town.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as lookUp } from "@/app/api/geocode/address/route";
import { GET as getSender, PUT as putSender } from "@/app/api/shipping/sender-address/route";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { startPdokDouble, type PdokDouble } from "../../support/pdok-double";

const SETTINGS = ["GEOCODER", "PDOK_BASE_URL", "GEOCODER_TIMEOUT_MS"] as const;
let pdok: PdokDouble;
let user: RegisteredUser;

function configure(geocoder: "pdok" | "auto" | "offline") {
  for (const name of SETTINGS) delete process.env[name];
  Object.assign(process.env, { GEOCODER: geocoder, PDOK_BASE_URL: pdok.baseUrl, GEOCODER_TIMEOUT_MS: "2000" });
  resetEnvCache();
}

const lookUpAs = (who: RegisteredUser | null, query: Record<string, string>) =>
  call(lookUp, { path: `/api/geocode/address?${new URLSearchParams(query)}`, token: who?.token });

beforeAll(async () => {
  pdok = await startPdokDouble();
  user = await registerUser({ name: "Noor Adres" });
});

afterAll(async () => {
  await pdok.close();
  for (const name of SETTINGS) delete process.env[name];
  resetEnvCache();
});

beforeEach(async () => {
  pdok.mode = "ok";
  pdok.requests = [];
  await db.geocodeCacheEntry.deleteMany();
  await db.rateLimitBucket.deleteMany({ where: { key: { startsWith: "geo:" } } });
  configure("pdok");
});

describe("GET /api/geocode/address", () => {
  it("fills in street and town for a postcode and house number, asking PDOK for addresses at that postcode and number", async () => {
    const res = await lookUpAs(user, { postcode: "3512 je", house_number: "29" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ found: true, address: { street: "Domplein", house_number: "29", addition: null, postcode: "3512 JE", city: "Utrecht" } });
    const [request] = pdok.requests;
    expect(request?.pathname).toBe("/free");
    expect(request?.searchParams.get("fq")).toBe("type:adres AND postcode:3512JE AND huisnummer:29");
  });

  it("picks the address with the addition asked for; without one, the address without an addition", async () => {
    const withLetter = await lookUpAs(user, { postcode: "3511AB", house_number: "12", addition: "a" });
    expect(withLetter.body).toMatchObject({ found: true, address: { street: "Oudegracht", house_number: "12", addition: "A", city: "Utrecht" } });
    const plain = await lookUpAs(user, { postcode: "3511AB", house_number: "12" });
    expect(plain.body).toMatchObject({ found: true, address: { addition: null } });
    const other = await lookUpAs(user, { postcode: "2011 RD", house_number: "2", addition: "3" });
    expect(other.body).toMatchObject({ found: true, address: { street: "Grote Markt", addition: "3", postcode: "2011 RD", city: "Haarlem" } });
  });

  it("answers a repeat from the cache without asking PDOK again", async () => {
    await lookUpAs(user, { postcode: "3512JE", house_number: "29" });
    await lookUpAs(user, { postcode: "3512 JE", house_number: "29" });
    expect(pdok.requests).toHaveLength(1);
  });

  it("says not_found for an address the register does not have", async () => {
    const res = await lookUpAs(user, { postcode: "3512JE", house_number: "999" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ found: false, reason: "not_found" });
  });

  it("says unavailable when PDOK is down, offline, or down with the offline fallback: street and town are typed", async () => {
    pdok.mode = "error";
    expect((await lookUpAs(user, { postcode: "3512JE", house_number: "29" })).body).toEqual({ found: false, reason: "unavailable" });
    configure("auto");
    expect((await lookUpAs(user, { postcode: "3512JE", house_number: "29" })).body).toEqual({ found: false, reason: "unavailable" });
    configure("offline");
    const before = pdok.requests.length;
    expect((await lookUpAs(user, { postcode: "3512JE", house_number: "29" })).body).toEqual({ found: false, reason: "unavailable" });
    expect(pdok.requests).toHaveLength(before);
    // Nothing was cached: once PDOK answers, the address is found.
    pdok.mode = "ok";
    configure("pdok");
    expect((await lookUpAs(user, { postcode: "3512JE", house_number: "29" })).body).toMatchObject({ found: true });
  });

  it("refuses a postcode, number or addition that is not one (422) without asking PDOK", async () => {
    for (const [query, field] of [
      [{ postcode: "12345", house_number: "1" }, "postcode"],
      [{ postcode: "3512 SA", house_number: "1" }, "postcode"],
      [{ postcode: "3512JE", house_number: "twaalf" }, "house_number"],
      [{ postcode: "3512JE", house_number: "0" }, "house_number"],
      [{ postcode: "3512JE", house_number: "12", addition: "heel lang" }, "addition"],
    ] as const) {
      const res = await lookUpAs(user, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect(pdok.requests).toHaveLength(0);
  });

  it("is for signed-in users only", async () => {
    expect((await lookUpAs(null, { postcode: "3512JE", house_number: "29" })).status).toBe(401);
  });
});

describe("the sender address by postcode and number", () => {
  it("takes street and town from the register, whatever was typed", async () => {
    const seller = await registerUser({ name: "Afzender Adres" });
    const res = await call(putSender, { token: seller.token, method: "PUT", json: { postcode: "3511ab", house_number: "12", house_number_suffix: "A", street: "Verkeerde straat" } });
    expect(res.status).toBe(200);
    expect(res.body.sender_address).toEqual({ street: "Oudegracht", house_number: "12", house_number_suffix: "A", postcode: "3511 AB", city: "Utrecht", country: "NL" });
    expect((await call(getSender, { token: seller.token })).body).toEqual(res.body);
  });

  it("keeps what the seller typed when the lookup is offline", async () => {
    configure("offline");
    const seller = await registerUser({ name: "Afzender Offline" });
    const res = await call(putSender, { token: seller.token, method: "PUT", json: { postcode: "3512 AE", house_number: "11", street: "Neude", city: "Utrecht" } });
    expect(res.status).toBe(200);
    expect(res.body.sender_address).toMatchObject({ street: "Neude", house_number: "11", postcode: "3512 AE", city: "Utrecht" });
  });
});
