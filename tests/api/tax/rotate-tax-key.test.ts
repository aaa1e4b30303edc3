// TAX_DATA_KEY: a production start without it is refused, naming it; `npm run
// tax:rotate-key` (scripts/tax-rotate-key.ts) moves every stored tax number and IBAN to
// a new key in one transaction, after which the app reads them with the new key only.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getTaxProfile, PUT as putTaxProfile } from "@/app/api/users/me/tax-profile/route";
import { db } from "@/lib/platform/db/client";
import { parseEnv, resetEnvCache } from "@/lib/platform/env";
import { rotateFromEnv } from "@/scripts/tax-rotate-key";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";

const IP = "198.51.100.90";
const BASE = { DATABASE_URL: "postgresql://localhost/x", AUTH_SECRET: "x".repeat(32) };
const PROFILE = {
  legal_name: "Sleutel Verkoper", date_of_birth: "1985-04-04",
  address: { street: "Oudegracht", house_number: "12", postcode: "3511 AB", city: "Utrecht", country: "NL" },
  bsn: "111222333", iban: "NL91ABNA0417164300",
};
const KEY_A = "a1".repeat(32);
const KEY_B = Buffer.alloc(32, 7).toString("base64");
const KEY_C = "c3".repeat(32);

describe("TAX_DATA_KEY in production", () => {
  it("is required to start, naming it; elsewhere and on a demo without real money the derived key is used", () => {
    expect(() => parseEnv({ ...BASE, NODE_ENV: "production" })).toThrow(/TAX_DATA_KEY: is required in production/);
    expect(parseEnv({ ...BASE, NODE_ENV: "production", TAX_DATA_KEY: KEY_A }).TAX_DATA_KEY).toBe(KEY_A);
    expect(() => parseEnv({ ...BASE, NODE_ENV: "production", TAX_DATA_KEY: "too-short" })).toThrow(/TAX_DATA_KEY: must be 32 bytes/);
    expect(parseEnv({ ...BASE, NODE_ENV: "production", ALLOW_TEST_PAYMENTS_IN_PRODUCTION: "true" }).TAX_DATA_KEY).toBeUndefined();
    expect(parseEnv({ ...BASE, NODE_ENV: "development" }).TAX_DATA_KEY).toBeUndefined();
  });
});

describe("npm run tax:rotate-key", () => {
  const saved = process.env.TAX_DATA_KEY;
  let sellers: RegisteredUser[];
  const useKey = (key: string | undefined) => {
    if (key === undefined) delete process.env.TAX_DATA_KEY;
    else process.env.TAX_DATA_KEY = key;
    resetEnvCache();
  };
  const stored = async () =>
    (await db.taxProfile.findMany({ where: { userId: { in: sellers.map((s) => s.id) } }, orderBy: { userId: "asc" } })).map((p) => ({
      tin: p.tinEncrypted, iban: p.ibanEncrypted, updatedAt: p.updatedAt.toISOString(),
    }));
  const shown = async (seller: RegisteredUser) => (await call(getTaxProfile, { ip: IP, token: seller.token })).body.profile;

  beforeAll(async () => {
    useKey(KEY_A);
    sellers = [await registerUser({ name: "Sleutel Een" }), await registerUser({ name: "Sleutel Twee" })];
    for (const seller of sellers) expect((await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: PROFILE })).status).toBe(200);
  });
  afterAll(() => useKey(saved));

  it("re-encrypts every stored number with the new key, in one go, and is safe to run again", async () => {
    const before = await stored();
    expect(await shown(sellers[0]!)).toMatchObject({ bsn: "*****2333", iban: "NL************4300" });

    const line = await rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_A, TAX_DATA_KEY_NEW: KEY_B });
    expect(line).toMatch(/re-encrypted the tax numbers and IBANs of \d+ of \d+ tax profiles/);
    const after = await stored();
    for (const [i, row] of after.entries()) {
      expect(row.tin).not.toBe(before[i]!.tin);
      expect(row.iban).not.toBe(before[i]!.iban);
      // The seller did not change their details.
      expect(row.updatedAt).toBe(before[i]!.updatedAt);
    }

    // The old key no longer opens them (500, not the numbers); the new one does.
    expect((await call(getTaxProfile, { ip: IP, token: sellers[0]!.token })).status).toBe(500);
    useKey(KEY_B);
    for (const seller of sellers) expect(await shown(seller)).toMatchObject({ bsn: "*****2333", iban: "NL************4300" });

    // Again: everything is already under the new key; nothing changes.
    expect(await rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_A, TAX_DATA_KEY_NEW: KEY_B })).toMatch(/re-encrypted the tax numbers and IBANs of 0 of/);
    expect(await stored()).toEqual(after);
  });

  it("changes nothing when a number opens with neither key, or the keys are wrong", async () => {
    useKey(KEY_B);
    const before = await stored();
    await expect(rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_C, TAX_DATA_KEY_NEW: KEY_A })).rejects.toThrow(/opens with neither the old nor the new key: nothing was changed/);
    await expect(rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_B })).rejects.toThrow(/Set TAX_DATA_KEY_OLD and TAX_DATA_KEY_NEW/);
    await expect(rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_B, TAX_DATA_KEY_NEW: "short" })).rejects.toThrow(/TAX_DATA_KEY_NEW must be 32 bytes/);
    await expect(rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_B, TAX_DATA_KEY_NEW: KEY_B })).rejects.toThrow(/The new key is the old key/);
    expect(await stored()).toEqual(before);
    for (const seller of sellers) expect(await shown(seller)).toMatchObject({ bsn: "*****2333" });
  });

  it("moves an installation from the key derived from AUTH_SECRET to a key of its own", async () => {
    const seller = await registerUser({ name: "Sleutel Afgeleid" });
    useKey(undefined);
    expect((await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: PROFILE })).status).toBe(200);
    // Everyone else is under KEY_B: move them back to the derived key first, as an old
    // installation would have it.
    const derivedRun = await rotateFromEnv({ TAX_DATA_KEY_OLD: KEY_B, TAX_DATA_KEY_NEW: derivedHex() });
    expect(derivedRun).toMatch(/of \d+ tax profiles/);

    await rotateFromEnv({ TAX_DATA_KEY_OLD: "auth-secret", TAX_DATA_KEY_NEW: KEY_C, AUTH_SECRET: process.env.AUTH_SECRET });
    useKey(KEY_C);
    expect(await shown(seller)).toMatchObject({ bsn: "*****2333", iban: "NL************4300" });
    for (const other of sellers) expect(await shown(other)).toMatchObject({ bsn: "*****2333" });
  });
});

/** The key the app derives from AUTH_SECRET, as hex (what `auth-secret` stands for). */
function derivedHex(): string {
  // Spelled out here, so the test checks the app's derivation rather than repeating it.
  return createHash("sha256").update(`${process.env.AUTH_SECRET}:tax-data`).digest("hex");
}
