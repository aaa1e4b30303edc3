// DAC7 through the real routes: the tax profile's validation and masking (encrypted at
// rest); the seller is asked at 25 sales and payouts wait at 30 until the profile is
// complete, then are released by the escrow job; the admin's quarterly figures against a
// seeded year of sales; the DPI XML parses and holds the required fields; the seller's
// own statement.
import { beforeAll, describe, expect, it, vi } from "vitest";
// fast-xml-parser 3 (in node_modules through the AWS SDK): parse and validate.
import { parse as parseXml, validate as validateXml } from "fast-xml-parser";
import { GET as getTaxProfile, PUT as putTaxProfile } from "@/app/api/users/me/tax-profile/route";
import { GET as myDac7 } from "@/app/api/users/me/dac7/route";
import { GET as adminDac7 } from "@/app/api/admin/dac7/route";
import { runJobs } from "@/lib/domains/jobs";
import { db } from "@/lib/platform/db/client";
import { isValidBsn, isValidIban } from "@/lib/domains/tax/validation";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import { buyAndPay, makeAdmin, productOf } from "../../support/orders";

const IP = "198.51.100.87";
const BSN = "111222333"; // passes the 11-test
const IBAN = "NL91ABNA0417164300";
const PROFILE = {
  legal_name: "Sanne de Vries",
  date_of_birth: "1990-05-17",
  address: { street: "Oudegracht", house_number: "12", postcode: "3511 AB", city: "Utrecht", country: "nl" },
  bsn: BSN,
  iban: "nl91 abna 0417 1643 00",
};
let admin: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder Belasting" });
  await makeAdmin(admin);
  buyer = await registerUser({ name: "Koper Belasting" });
});

/** `count` completed sales of `cents` each for the seller, paid out at `completedAt`. */
async function seedSales(sellerId: string, completedAt: Date, count: number, cents = 1000) {
  for (let i = 0; i < count; i += 1) {
    const productId = await insertProduct({ sellerId, title: `Verkocht ${completedAt.toISOString()} ${i}`, status: "sold", priceCents: cents });
    const commission = Math.round(cents * 0.05);
    await db.order.create({
      data: {
        buyerId: buyer.id, sellerId, productId, status: "completed", deliveryStatus: "confirmed",
        amountCents: cents, commissionCents: commission, totalCents: cents + commission,
        paidAt: completedAt, deliveryConfirmedAt: completedAt, autoReleaseAt: completedAt, completedAt,
      },
    });
  }
}

describe("the tax profile", () => {
  it("checks BSN, IBAN, KvK and VAT; stores the numbers encrypted; shows them masked", async () => {
    expect(isValidBsn("111222333")).toBe(true);
    expect(isValidBsn("111222334")).toBe(false);
    expect(isValidIban("NL91ABNA0417164300")).toBe(true);
    expect(isValidIban("NL91ABNA0417164301")).toBe(false);
    const seller = await registerUser({ name: "Sanne de Vries" });
    const put = (json: Record<string, unknown>) => call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json });
    const fields = async (json: Record<string, unknown>) => (await put(json)).body.errors?.map((e: { field: string }) => e.field);

    expect(await fields({ ...PROFILE, bsn: "111222334" })).toEqual(["bsn"]);
    expect(await fields({ ...PROFILE, iban: "NL91ABNA0417164301" })).toEqual(["iban"]);
    expect(await fields({ ...PROFILE, bsn: undefined })).toEqual(["bsn"]);
    expect(await fields({ ...PROFILE, bsn: undefined, tin: "12345678901" })).toEqual(["tin_country"]);
    expect(await fields({ ...PROFILE, kvk_number: "1234567" })).toEqual(["kvk_number"]);
    expect(await fields({ ...PROFILE, vat_number: "NL12" })).toEqual(["vat_number"]);
    expect(await fields({ ...PROFILE, date_of_birth: "1990-02-30" })).toEqual(["date_of_birth"]);
    // A person is asked their date of birth.
    expect(await fields({ ...PROFILE, date_of_birth: undefined })).toEqual(["date_of_birth"]);
    expect(await fields({ ...PROFILE, date_of_birth: "" })).toEqual(["date_of_birth"]);
    expect(await fields({ ...PROFILE, address: { ...PROFILE.address, city: "" } })).toEqual(["address.city"]);
    expect(await db.taxProfile.count({ where: { userId: seller.id } })).toBe(0);

    const ok = await put(PROFILE);
    expect(ok.status).toBe(200);
    expect(ok.body.complete).toBe(true);
    expect(ok.body.profile).toMatchObject({ legal_name: "Sanne de Vries", date_of_birth: "1990-05-17", tin_kind: "bsn", bsn: "*****2333", tin: null, tin_country: "NL", iban: "NL************4300", address: { country: "NL" } });
    const got = await call(getTaxProfile, { ip: IP, token: seller.token });
    expect(got.body).toEqual(ok.body);
    expect(JSON.stringify(got.body)).not.toContain(BSN);
    expect(JSON.stringify(got.body)).not.toContain("0417164300");
    // At rest: neither number in clear text.
    const [row] = await db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM tax_profiles WHERE user_id = ${seller.id}::uuid`;
    expect(JSON.stringify(row)).not.toContain(BSN);
    expect(JSON.stringify(row)).not.toContain("0417164300");
    expect(String(row!.tin_encrypted)).toMatch(/^v1\./);

    // A foreign TIN instead of a BSN.
    const foreign = await put({ ...PROFILE, bsn: undefined, tin: "DE12345678901", tin_country: "de" });
    expect(foreign.body.profile).toMatchObject({ tin_kind: "tin", bsn: null, tin: "*********8901", tin_country: "DE" });

    // The form shows the numbers masked and leaves them out to keep them: the rest changes.
    const kept = await put({ ...PROFILE, bsn: undefined, iban: "", legal_name: "Sanne van Dijk" });
    expect(kept.status).toBe(200);
    expect(kept.body.profile).toMatchObject({ legal_name: "Sanne van Dijk", tin_kind: "tin", tin: "*********8901", tin_country: "DE", iban: "NL************4300" });
    // A mask sent back as if it were new is refused, and nothing changes.
    expect(await fields({ ...PROFILE, bsn: "*****2333" })).toEqual(["bsn"]);
    expect(await fields({ ...PROFILE, iban: "NL************4300" })).toEqual(["iban"]);
    expect((await call(getTaxProfile, { ip: IP, token: seller.token })).body.profile).toMatchObject({ legal_name: "Sanne van Dijk", tin: "*********8901" });
    // Without a stored profile both numbers are required.
    const fresh = await registerUser({ name: "Nieuwe Verkoper" });
    const none = await call(putTaxProfile, { ip: IP, method: "PUT", token: fresh.token, json: { ...PROFILE, bsn: undefined, iban: undefined } });
    expect(none.status).toBe(422);
    expect(none.body.errors.map((e: { field: string }) => e.field)).toEqual(["bsn", "iban"]);
    expect(await db.taxProfile.count({ where: { userId: fresh.id } })).toBe(0);
  });

  it("a business seller's profile is complete only with KvK and VAT numbers", async () => {
    const seller = await registerUser({ name: "Bedrijf Belasting", is_business_seller: true, business_name: "Belasting B.V.", vat_number: "NL859234561B01" });
    // An account from before registration asked for the KvK number.
    await db.user.update({ where: { id: seller.id }, data: { kvkNumber: null } });
    // A company gives its RSIN (or a foreign TIN), not a BSN, and no date of birth.
    const COMPANY = { ...PROFILE, bsn: undefined, date_of_birth: undefined, tin: "812345678", tin_country: "NL" };
    const withBsn = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: { ...COMPANY, bsn: BSN } });
    expect(withBsn.status).toBe(422);
    expect(withBsn.body.errors.map((e: { field: string }) => e.field)).toEqual(["bsn"]);
    const res = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: COMPANY });
    expect(res.body.profile).toMatchObject({ date_of_birth: null, tin_kind: "tin", tin_country: "NL" });
    // The VAT number comes from the account; the KvK number is missing.
    expect(res.body).toMatchObject({ complete: false, profile: { vat_number: "NL859234561B01", kvk_number: null } });
    const full = await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: { ...COMPANY, kvk_number: "1234 5678", registered_address: PROFILE.address } });
    expect(full.body).toMatchObject({ complete: true, profile: { kvk_number: "12345678", registered_address: { country: "NL" } } });
  });
});

describe("payouts at the DAC7 threshold", () => {
  it("asks at 25 sales, holds the payout at 30 with a statement of reasons, releases it once the profile is complete", async () => {
    const seller = await registerUser({ name: "Drukke Verkoper" });
    const now = new Date();
    const earlier = new Date(now.getTime() - 60_000);
    await seedSales(seller.id, earlier, 24);

    // The 25th sale: paid out, and the seller is asked for the profile once.
    const first = await buyAndPay(buyer, await productOf(seller, 1000, "Vijfentwintigste"));
    await db.order.update({ where: { id: first.orderId }, data: { deliveryStatus: "confirmed", deliveryConfirmedAt: earlier, autoReleaseAt: earlier } });
    await runJobs(new Date());
    expect((await db.order.findUniqueOrThrow({ where: { id: first.orderId } })).status).toBe("completed");
    expect(await db.notification.count({ where: { userId: seller.id, event: "tax.profile_needed" } })).toBe(1);
    expect(await db.mailOutbox.count({ where: { userId: seller.id, template: "tax_profile_needed" } })).toBe(1);

    // Sales 26 to 29 elsewhere; the 30th waits.
    await seedSales(seller.id, earlier, 4);
    const held = await buyAndPay(buyer, await productOf(seller, 1000, "Dertigste"));
    await db.order.update({ where: { id: held.orderId }, data: { deliveryStatus: "confirmed", deliveryConfirmedAt: earlier, autoReleaseAt: earlier } });
    const report = await runJobs(new Date());
    expect(report.payouts_waiting).toBeGreaterThanOrEqual(1);
    expect((await db.order.findUniqueOrThrow({ where: { id: held.orderId } })).status).toBe("held");
    const statement = await db.moderationStatement.findFirstOrThrow({ where: { userId: seller.id, kind: "payout_hold" } });
    expect(statement).toMatchObject({ automated: true, decidedById: null, targetType: "user" });
    expect(statement.facts).toContain("30 verkopen");
    const mail = await db.mailOutbox.findFirstOrThrow({ where: { userId: seller.id, template: "statement_of_reasons" } });
    expect(mail.subject).toBe("Je uitbetaling wordt vastgehouden: de reden");
    expect(mail.text).toContain("Dit besluit is automatisch genomen.");
    expect(await db.notification.count({ where: { userId: seller.id, event: "payout.held_tax" } })).toBe(1);
    // Told once: another run holds it again without a second statement.
    await runJobs(new Date());
    expect(await db.moderationStatement.count({ where: { userId: seller.id, kind: "payout_hold" } })).toBe(1);

    // The profile is completed: the next run pays.
    expect((await call(putTaxProfile, { ip: IP, method: "PUT", token: seller.token, json: PROFILE })).body.complete).toBe(true);
    await runJobs(new Date());
    expect((await db.order.findUniqueOrThrow({ where: { id: held.orderId } })).status).toBe("completed");
  });
});

describe("the DAC7 report", () => {
  let reportable: RegisteredUser;
  let small: RegisteredUser;
  const YEAR = 2025;

  beforeAll(async () => {
    reportable = await registerUser({ name: "Jaar Verkoper" });
    small = await registerUser({ name: "Kleine Verkoper" });
    // Q1: 10 × €50; 31 March 22:30 UTC is 1 April 00:30 in Amsterdam: Q2 (5 × €100);
    // Q3: 10 × €40; Q4: 6 × €25. 31 sales, €1,550: reportable by count.
    await seedSales(reportable.id, new Date("2025-02-10T10:00:00Z"), 10, 5000);
    await seedSales(reportable.id, new Date("2025-03-31T22:30:00Z"), 5, 10000);
    await seedSales(reportable.id, new Date("2025-08-01T10:00:00Z"), 10, 4000);
    await seedSales(reportable.id, new Date("2025-12-31T23:30:00Z"), 1, 9999); // 1 Jan 2026 00:30 in Amsterdam: not 2025
    await seedSales(reportable.id, new Date("2025-11-15T10:00:00Z"), 6, 2500);
    // Under both thresholds: 3 sales of €100.
    await seedSales(small.id, new Date("2025-06-01T10:00:00Z"), 3, 10000);
    await call(putTaxProfile, { ip: IP, method: "PUT", token: reportable.token, json: { ...PROFILE, legal_name: "Jaar de Verkoper" } });
  });

  it("lists the reportable sellers with their quarterly figures", async () => {
    expect((await call(adminDac7, { ip: IP, token: buyer.token, path: `/api/admin/dac7?year=${YEAR}` })).status).toBe(403);
    const res = await call(adminDac7, { ip: IP, token: admin.token, path: `/api/admin/dac7?year=${YEAR}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ year: YEAR, due_by: "2026-01-31", thresholds: { sales: 30, paid: 2000 } });
    expect(res.body.sellers.map((s: { user_id: string }) => s.user_id)).toContain(reportable.id);
    expect(res.body.sellers.map((s: { user_id: string }) => s.user_id)).not.toContain(small.id);
    const row = res.body.sellers.find((s: { user_id: string }) => s.user_id === reportable.id);
    expect(row.quarters).toEqual([
      { quarter: 1, sales: 10, paid: 500, fees: 0 },
      { quarter: 2, sales: 5, paid: 500, fees: 0 },
      { quarter: 3, sales: 10, paid: 400, fees: 0 },
      { quarter: 4, sales: 6, paid: 150, fees: 0 },
    ]);
    // Fees are what the seller was charged: nothing (the buyer pays the 5% protection fee).
    expect(row.totals).toEqual({ sales: 31, paid: 1550, fees: 0 });
    expect(row).toMatchObject({ profile_complete: true, tax_profile: { bsn: "*****2333", iban: "NL************4300" } });
  });

  it("gives the year as DPI XML that parses and holds the required fields", async () => {
    const res = await call(adminDac7, { ip: IP, token: admin.token, path: `/api/admin/dac7?year=${YEAR}&format=xml` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    expect(res.headers.get("content-disposition")).toContain(`dac7-${YEAR}.xml`);
    const xml = res.body as string;
    expect(validateXml(xml)).toBe(true);
    const doc = parseXml(xml, { ignoreAttributes: false, attributeNamePrefix: "@_", ignoreNameSpace: true, parseNodeValue: false, textNodeName: "#text" });
    const root = doc.DPI_OECD;
    expect(root.MessageSpec).toMatchObject({ TransmittingCountry: "NL", MessageType: "DAC7", MessageTypeIndic: "DPI401", ReportingPeriod: `${YEAR}-12-31` });
    expect(root.DPIBody.PlatformOperator.Name).toBe("Kringwaar B.V.");
    const sellers = [root.DPIBody.ReportableSeller].flat();
    const seller = sellers.find((s: { Identity: { IndividualSeller?: { Standard: { IndSellerID: { Name: { LastName: string } } } } } }) =>
      s.Identity.IndividualSeller?.Standard.IndSellerID.Name.LastName === "de Verkoper");
    const id = seller.Identity.IndividualSeller.Standard.IndSellerID;
    expect(id.TIN["#text"]).toBe(BSN);
    expect(id.TIN["@_issuedBy"]).toBe("NL");
    expect(id.BirthInfo.BirthDate).toBe("1990-05-17");
    expect(id.Address.AddressFix).toMatchObject({ Street: "Oudegracht", BuildingIdentifier: "12", City: "Utrecht" });
    expect(seller.Identity.IndividualSeller.Standard.FinancialIdentifier.Identifier["#text"]).toBe(IBAN);
    const goods = seller.RelevantActivities.SaleOfGoods;
    expect(goods.Consideration.ConsQ2["#text"]).toBe("500");
    expect(goods.Consideration.ConsQ2["@_currCode"]).toBe("EUR");
    expect(goods.NumberOfActivities).toMatchObject({ NumbQ1: "10", NumbQ2: "5", NumbQ3: "10", NumbQ4: "6" });
    expect(goods.Fees.FeesQ4["#text"]).toBe("0");
    expect(xml).not.toContain("Kleine Verkoper");
  });

  it("gives each seller their own statement", async () => {
    const mine = await call(myDac7, { ip: IP, token: reportable.token, path: `/api/users/me/dac7?year=${YEAR}` });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ year: YEAR, reportable: true, profile_complete: true, totals: { sales: 31, paid: 1550, fees: 0 } });
    expect(mine.body.quarters[1]).toEqual({ quarter: 2, sales: 5, paid: 500, fees: 0 });
    const theirs = await call(myDac7, { ip: IP, token: small.token, path: `/api/users/me/dac7?year=${YEAR}` });
    expect(theirs.body).toMatchObject({ reportable: false, profile_complete: false, totals: { sales: 3, paid: 300 } });
    expect((await call(myDac7, { ip: IP, token: small.token, path: "/api/users/me/dac7?year=20x5" })).status).toBe(422);
  });

  it("without a year gives the year Amsterdam is in, also in the hour after its New Year's midnight", async () => {
    // 00:30 on 1 January in Amsterdam is still 31 December in UTC.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-12-31T23:30:00Z") });
    try {
      const late = await registerUser({ name: "Nieuwjaar Verkoper" });
      const mine = await call(myDac7, { ip: IP, token: late.token, path: "/api/users/me/dac7" });
      expect(mine.status).toBe(200);
      expect(mine.body.year).toBe(2027);
      const all = await call(adminDac7, { ip: IP, token: admin.token, path: "/api/admin/dac7" });
      expect(all.body.year).toBe(2027);
    } finally {
      vi.useRealTimers();
    }
  });
});
