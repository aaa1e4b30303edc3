// The tax profile of a company (docs/trust-and-law.md, "DAC7"): the form starts from the
// account's registered name, KvK and VAT numbers (`prefill`); a company gives an RSIN or
// foreign TIN and its registered address, never a BSN or a date of birth.
import { describe, expect, it } from "vitest";
import { GET as getTaxProfile, PUT as putTaxProfile } from "@/app/api/users/me/tax-profile/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";

const IP = "198.51.100.91";
const ADDRESS = { street: "Oudegracht", house_number: "12 A", postcode: "3511 AB", city: "Utrecht", country: "NL" };
const COMPANY = { legal_name: "Tweedehands Tijs B.V.", address: ADDRESS, tin: "812345678", tin_country: "NL", iban: "NL91ABNA0417164300" };

async function company() {
  return registerUser({
    name: "Tijs van den Berg", is_business_seller: true, business_name: "Tweedehands Tijs B.V.", vat_number: "NL859234561B01",
    kvk_number: "12345678", business_address: "Oudegracht 12 A, 3511 AB Utrecht", phone: "+31612345611", trader_self_certified: true,
  });
}

describe("a company's tax profile", () => {
  it("starts from the account: registered name, KvK and VAT numbers", async () => {
    const seller = await company();
    const res = await call(getTaxProfile, { ip: IP, token: seller.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      profile: null,
      complete: false,
      prefill: { legal_name: "Tweedehands Tijs B.V.", kvk_number: "12345678", vat_number: "NL859234561B01" },
    });
  });

  it("is complete with an RSIN and the registered address, KvK and VAT taken from the account", async () => {
    const seller = await company();
    const res = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: COMPANY });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      complete: true,
      profile: { legal_name: "Tweedehands Tijs B.V.", date_of_birth: null, tin_kind: "tin", bsn: null, tin_country: "NL", kvk_number: "12345678", vat_number: "NL859234561B01", address: ADDRESS },
    });
    expect((await call(getTaxProfile, { ip: IP, token: seller.token })).body).toEqual(res.body);
  });

  it("refuses a BSN or a date of birth (422 at that field) and stores nothing", async () => {
    const seller = await company();
    const withBsn = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: { ...COMPANY, tin: undefined, tin_country: undefined, bsn: "111222333" } });
    expect(withBsn.status).toBe(422);
    expect(withBsn.body.errors.map((e: { field: string }) => e.field)).toEqual(["bsn"]);
    const withBirth = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: { ...COMPANY, date_of_birth: "1980-01-01" } });
    expect(withBirth.status).toBe(422);
    expect(withBirth.body.errors.map((e: { field: string }) => e.field)).toEqual(["date_of_birth"]);
    expect(await db.taxProfile.count({ where: { userId: seller.id } })).toBe(0);
  });

  it("refuses a country that is not on the list", async () => {
    const seller = await company();
    const res = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: { ...COMPANY, address: { ...ADDRESS, country: "Nederland" } } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(["address.country"]);
  });
});

describe("a person's tax profile", () => {
  it("has nothing prefilled: the legal name is the one in the passport", async () => {
    const person = await registerUser({ name: "Sanne de Vries" });
    const res = await call(getTaxProfile, { ip: IP, token: person.token });
    expect(res.body).toEqual({ profile: null, complete: false, prefill: { legal_name: null, kvk_number: null, vat_number: null } });
  });
});
