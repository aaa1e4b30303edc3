// One seller cannot break the DAC7 file for everyone: the tax profile (PUT
// /api/users/me/tax-profile) refuses control characters (C0 and C1), lone surrogates and
// over-long values in every text field with a 422 naming the field, and a tax number
// that is not letters and digits of a sane length for its country; nothing is stored.
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putTaxProfile } from "@/app/api/users/me/tax-profile/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";

const IP = "198.51.100.89";
const ADDRESS = { street: "Oudegracht", house_number: "12", postcode: "3511 AB", city: "Utrecht", country: "NL" };
const PROFILE = { legal_name: "Sanne de Vries", date_of_birth: "1990-05-17", address: ADDRESS, bsn: "111222333", iban: "NL91ABNA0417164300" };
let person: RegisteredUser;
let company: RegisteredUser;

beforeAll(async () => {
  person = await registerUser({ name: "Tekst Verkoper" });
  company = await registerUser({ name: "Tekst Bedrijf", is_business_seller: true, business_name: "Tekst B.V.", vat_number: "NL859234561B01" });
});

async function put(user: RegisteredUser, json: Record<string, unknown>) {
  return call(putTaxProfile, { ip: IP, method: "PUT", token: user.token, json });
}

/** The fields a refused profile names; the profile is not stored. */
async function refused(json: Record<string, unknown>, user = person): Promise<string[]> {
  const res = await put(user, json);
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.detail).toEqual(expect.any(String));
  expect(await db.taxProfile.count({ where: { userId: user.id } })).toBe(0);
  return res.body.errors.map((e: { field: string }) => e.field);
}

describe("the tax profile's text", () => {
  it("refuses C0 and C1 control characters in every text field, naming it", async () => {
    expect(await refused({ ...PROFILE, legal_name: "Sanne\u0001 de Vries" })).toEqual(["legal_name"]);
    expect(await refused({ ...PROFILE, legal_name: "Sanne de Vries\u0085" })).toEqual(["legal_name"]);
    expect(await refused({ ...PROFILE, legal_name: "Sanne\u009b31m de Vries" })).toEqual(["legal_name"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, city: "Utr\techt" } })).toEqual(["address.city"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, street: "Oude\ngracht" } })).toEqual(["address.street"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, house_number: "12\u007f" } })).toEqual(["address.house_number"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, postcode: "3511\u001bAB" } })).toEqual(["address.postcode"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, country: "N\u0000L" } })).toEqual(["country"]);
    expect(await refused({ ...PROFILE, bsn: "111\u0008222333" })).toEqual(["bsn"]);
    expect(await refused({ ...PROFILE, iban: "NL91ABNA\u00850417164300" })).toEqual(["iban"]);
    expect(await refused({ ...PROFILE, bsn: undefined, tin: "DE123\u0002456789", tin_country: "DE" })).toEqual(["tin"]);
    expect(await refused({ ...PROFILE, registered_address: { ...ADDRESS, city: "Utrecht\r" } }, company)).toEqual(["registered_address.city"]);
    expect(await refused({ ...PROFILE, kvk_number: "1234\u00015678" }, company)).toEqual(["kvk_number"]);
    expect(await refused({ ...PROFILE, vat_number: "NL859234561B01\u0090" }, company)).toEqual(["vat_number"]);
  });

  it("refuses lone surrogates and the non-characters XML cannot carry", async () => {
    expect(await refused({ ...PROFILE, legal_name: "Sanne \ud800 de Vries" })).toEqual(["legal_name"]);
    expect(await refused({ ...PROFILE, legal_name: "Sanne \udc00 de Vries" })).toEqual(["legal_name"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, city: "Utrecht\uffff" } })).toEqual(["address.city"]);
    // A character outside the BMP written as a surrogate pair is text: 🌷 stays.
    const ok = await put(person, { ...PROFILE, legal_name: "Sanne 🌷 de Vries" });
    expect(ok.status).toBe(200);
    expect(ok.body.profile.legal_name).toBe("Sanne 🌷 de Vries");
    await db.taxProfile.delete({ where: { userId: person.id } });
  });

  it("refuses over-long values, naming the field", async () => {
    expect(await refused({ ...PROFILE, legal_name: "S".repeat(201) })).toEqual(["legal_name"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, street: "s".repeat(201) } })).toEqual(["address.street"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, city: "c".repeat(101) } })).toEqual(["address.city"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, house_number: "1".repeat(21) } })).toEqual(["address.house_number"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, postcode: "1".repeat(21) } })).toEqual(["address.postcode"]);
    expect(await refused({ ...PROFILE, bsn: undefined, tin: "1".repeat(41), tin_country: "DE" })).toEqual(["tin"]);
    expect(await refused({ ...PROFILE, iban: "NL".repeat(40) })).toEqual(["iban"]);
    // At the limit is fine.
    const ok = await put(person, { ...PROFILE, legal_name: "S".repeat(200) });
    expect(ok.status).toBe(200);
    await db.taxProfile.delete({ where: { userId: person.id } });
  });
});

describe("the tax number", () => {
  it("is letters and digits of a sane length for its country", async () => {
    const tin = (value: string, country: string) => ({ ...PROFILE, bsn: undefined, tin: value, tin_country: country });
    expect(await refused(tin("12345678901", "XX"))).toEqual(["tin_country"]);
    expect(await refused(tin("ABC1", "DE"))).toEqual(["tin"]);
    expect(await refused(tin("1".repeat(21), "DE"))).toEqual(["tin"]);
    expect(await refused(tin("123<456>789", "DE"))).toEqual(["tin"]);
    expect(await refused(tin("ABCDEFGH", "FR"))).toEqual(["tin"]);
    // Dutch: 9 digits, and a person's is their BSN (the 11-test).
    expect(await refused(tin("12345678", "NL"))).toEqual(["tin"]);
    expect(await refused(tin("NL123456789", "NL"))).toEqual(["tin"]);
    expect(await refused(tin("123456789", "NL"))).toEqual(["tin"]);
    expect(await refused({ ...PROFILE, bsn: "1234567890" })).toEqual(["bsn"]);
    expect(await refused({ ...PROFILE, address: { ...ADDRESS, country: "XX" } })).toEqual(["address.country"]);

    const dutch = await put(person, tin("111 222 333", "nl"));
    expect(dutch.status, JSON.stringify(dutch.body)).toBe(200);
    expect(dutch.body.profile).toMatchObject({ tin_kind: "tin", tin: "*****2333", tin_country: "NL" });
    // Separators are dropped: the number is stored as the country writes it.
    const german = await put(person, tin("12 345/678-901", "de"));
    expect(german.body.profile).toMatchObject({ tin: "*******8901", tin_country: "DE" });
    // A company's Dutch TIN is its RSIN: 9 digits, no 11-test.
    const rsin = await put(company, { ...tin("8123.45.678", "NL"), date_of_birth: undefined, kvk_number: "12345678" });
    expect(rsin.status, JSON.stringify(rsin.body)).toBe(200);
    expect(rsin.body).toMatchObject({ complete: true, profile: { tin: "*****5678", tin_country: "NL" } });
  });
});
