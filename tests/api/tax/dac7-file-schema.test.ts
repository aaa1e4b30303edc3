// The DAC7 file the admin downloads (GET /api/admin/dac7?format=xml) validates against the
// OECD's DPI XML schema v1.0 with xmllint, for a year with private and business sellers,
// Dutch and foreign tax numbers, names with `&`, `<` and accents, and an old profile row
// holding characters XML cannot carry. Also: whole-euro amounts, the KvK number as a BRN,
// the MessageRefId's form, DocRefIds that stay the same between downloads, and the 409 of
// a production build without the operator's details.
//
// xmllint comes from Debian's libxml2-utils (CI installs it); the schema is the one copy
// outside the repository, `../shared/dpi` beside the checkout. Without either, the schema
// check is skipped with a message and the rest still runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// fast-xml-parser 3 (in node_modules through the AWS SDK).
import { parse as parseXml } from "fast-xml-parser";
import { PUT as putTaxProfile } from "@/app/api/users/me/tax-profile/route";
import { GET as adminDac7 } from "@/app/api/admin/dac7/route";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import { makeAdmin } from "../../support/orders";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SCHEMA = path.resolve(ROOT, "../shared/dpi/DPIXML_v1.0.xsd");
const xmllintMissing = spawnSync("xmllint", ["--version"]).error !== undefined;
const schemaSkip = !existsSync(SCHEMA)
  ? `the DPI XML schema is not at ${SCHEMA}`
  : xmllintMissing
    ? "xmllint is not installed (Debian: apt-get install -y libxml2-utils)"
    : null;
if (schemaSkip) console.warn(`[dac7-schema] skipping the schema validation: ${schemaSkip}`);

const IP = "198.51.100.88";
const YEAR = 2024;
let admin: RegisteredUser;
let buyer: RegisteredUser;
const sellers: Record<string, RegisteredUser> = {};

const HOME = { street: "Oudegracht", house_number: "12bis", postcode: "3511 AB", city: "Utrecht", country: "NL" };
const IBAN = "NL91ABNA0417164300";

async function sale(sellerId: string, completedAt: string, cents: number) {
  const productId = await insertProduct({ sellerId, title: `Verkocht ${completedAt} ${cents}`, status: "sold", priceCents: cents });
  const at = new Date(completedAt);
  const commission = Math.round(cents * 0.05);
  await db.order.create({
    data: {
      buyerId: buyer.id, sellerId, productId, status: "completed", deliveryStatus: "confirmed",
      amountCents: cents, commissionCents: commission, totalCents: cents + commission,
      paidAt: at, deliveryConfirmedAt: at, autoReleaseAt: at, completedAt: at,
    },
  });
}

async function profile(user: RegisteredUser, json: Record<string, unknown>) {
  const res = await call(putTaxProfile, { ip: IP, method: "PUT", token: user.token, json });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.complete).toBe(true);
}

async function download() {
  const res = await call(adminDac7, { ip: IP, token: admin.token, path: `/api/admin/dac7?year=${YEAR}&format=xml` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { xml: res.body as string, headers: res.headers };
}

type Node = Record<string, any>;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", apos: "'", quot: '"' };
// This parser leaves entities as they are: decoded here, so a name compares as the seller typed it.
const decode = (value: string) => value.replace(/&(lt|gt|amp|apos|quot);/g, (_, name: string) => ENTITIES[name]!);
const parse = (xml: string): Node =>
  parseXml(xml, {
    ignoreAttributes: false, attributeNamePrefix: "@_", ignoreNameSpace: true, parseNodeValue: false, textNodeName: "#text",
    tagValueProcessor: decode, attrValueProcessor: decode,
  }).DPI_OECD;
const text = (node: unknown) => (typeof node === "object" && node !== null ? (node as Node)["#text"] : node);

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder Schema" });
  await makeAdmin(admin);
  buyer = await registerUser({ name: "Koper Schema" });
  sellers.person = await registerUser({ name: "Anaïs de Groot" });
  sellers.foreign = await registerUser({ name: "Jürgen Müller" });
  sellers.company = await registerUser({ name: "Bakkerij De Ster", is_business_seller: true, business_name: "Bakkerij De Ster & Zonen", vat_number: "NL859234561B01" });
  sellers.belgian = await registerUser({ name: "Café Élysée", is_business_seller: true, business_name: "Café Élysée", vat_number: "NL859234561B01" });
  sellers.old = await registerUser({ name: "Oude Rij" });
  sellers.missing = await registerUser({ name: "Zonder Profiel" });
  sellers.nowhere = await registerUser({ name: "Onbekend Land" });

  // Q1 €2,000.00 and Q3 €1.50 (half up: 2); over the €2,000 threshold.
  await sale(sellers.person.id, "2024-02-10T10:00:00Z", 200_000);
  await sale(sellers.person.id, "2024-08-01T10:00:00Z", 150);
  // €1,249.49 + €1,000.00 in Q2: 2249 (half up from 2249.49 stays down).
  await sale(sellers.foreign.id, "2024-05-01T10:00:00Z", 124_949);
  await sale(sellers.foreign.id, "2024-05-02T10:00:00Z", 100_000);
  for (const id of [sellers.company.id, sellers.belgian.id, sellers.old.id, sellers.missing.id, sellers.nowhere.id]) await sale(id, "2024-11-15T10:00:00Z", 250_050);

  await profile(sellers.person, { legal_name: "Anaïs O'Neil & <Zoë> de Groot", date_of_birth: "1990-05-17", address: HOME, bsn: "111222333", iban: IBAN });
  await profile(sellers.foreign, {
    legal_name: "Jürgen Müller", date_of_birth: "1979-11-02",
    address: { street: "Straße des 17. Juni", house_number: "135", postcode: "10623", city: "Berlin", country: "de" },
    tin: "12 345 678 901", tin_country: "de", iban: "DE89370400440532013000",
  });
  await profile(sellers.company, {
    legal_name: "Bakkerij De Ster & Zonen <B.V.>", address: HOME,
    tin: "8123.45.678", tin_country: "NL", iban: IBAN, kvk_number: "1234 5678", vat_number: "NL859234561B01",
    registered_address: { street: "Domplein", house_number: "1", postcode: "3512 JC", city: "Utrecht", country: "NL" },
  });
  await profile(sellers.belgian, {
    legal_name: "Café Élysée SRL",
    address: { street: "Rue Haute", house_number: "5", postcode: "1000", city: "Bruxelles", country: "BE" },
    tin: "0123.456.789", tin_country: "BE", iban: "BE68539007547034", kvk_number: "87654321", vat_number: "NL859234561B01",
  });
  await profile(sellers.old, { legal_name: "Oude Rij", date_of_birth: "1960-03-03", address: HOME, bsn: "111222333", iban: IBAN });
  // A country the schema does not know, stored before countries were checked.
  await profile(sellers.nowhere, { legal_name: "Onbekend Land", date_of_birth: "1970-07-07", address: HOME, bsn: "111222333", iban: IBAN });
  await db.taxProfile.update({ where: { userId: sellers.nowhere.id }, data: { country: "XX" } });
  // A row stored before the profile was checked: control characters, a non-character and a
  // name longer than the schema allows.
  await db.taxProfile.update({
    where: { userId: sellers.old.id },
    data: { legalName: `Oude\u0001 Rij\u0085 ${"x".repeat(300)}`, city: "Utr\u0007echt\ufffe", street: "\u001b[31mOudegracht" },
  });
});

describe("the DAC7 file", () => {
  it.skipIf(Boolean(schemaSkip))("validates against the OECD DPI XML schema v1.0 (xmllint)", async () => {
    const { xml } = await download();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kringwaar-dac7-")), `dac7-${YEAR}.xml`);
    writeFileSync(file, xml);
    const result = spawnSync("xmllint", ["--noout", "--schema", SCHEMA, file], { encoding: "utf8" });
    expect(result.stderr).toContain("validates");
    expect(result.status, result.stderr).toBe(0);
  });

  it("holds whole euros, the sellers as individuals and entities, and escaped names", async () => {
    const { xml, headers } = await download();
    const root = parse(xml);
    expect(root.MessageSpec).toMatchObject({ TransmittingCountry: "NL", ReceivingCountry: "NL", MessageType: "DAC7", MessageTypeIndic: "DPI401", ReportingPeriod: `${YEAR}-12-31` });
    expect(root.MessageSpec.MessageRefId).toMatch(new RegExp(`^NL${YEAR}NL[0-9a-f]{32}$`));
    expect(text(root.DPIBody.PlatformOperator.TIN)).toBe("000000000");

    const all: Node[] = [root.DPIBody.ReportableSeller].flat();
    const individuals = new Map(all.filter((s) => s.Identity.IndividualSeller).map((s) => [s.Identity.IndividualSeller.Standard.IndSellerID, s]));
    const entities = new Map(all.filter((s) => s.Identity.EntitySeller).map((s) => [s.Identity.EntitySeller.Standard.EntSellerID, s]));
    expect(individuals.size).toBe(3);
    expect(entities.size).toBe(2);
    // The seller without a profile cannot be filed (no TIN, address or date of birth), nor
    // the one with an unknown country: left out, counted, and shown incomplete to the admin.
    for (const seller of [sellers.missing!, sellers.nowhere!]) expect(all.some((s) => s.DocSpec.DocRefId.includes(seller.id))).toBe(false);
    expect(headers.get("x-dac7-left-out")).toBe("2");
    const overview = await call(adminDac7, { ip: IP, token: admin.token, path: `/api/admin/dac7?year=${YEAR}` });
    const complete = Object.fromEntries(overview.body.sellers.map((s: { user_id: string; profile_complete: boolean }) => [s.user_id, s.profile_complete]));
    expect(complete).toMatchObject({ [sellers.missing!.id]: false, [sellers.nowhere!.id]: false, [sellers.person!.id]: true, [sellers.company!.id]: true });
    expect(headers.get("x-dac7-sellers")).toBe("5");

    const person = [...individuals.keys()].find((id) => id.Name.LastName === "O'Neil & <Zoë> de Groot")!;
    expect(person.Name.FirstName).toBe("Anaïs");
    expect(text(person.TIN)).toBe("111222333");
    expect(person.TIN["@_issuedBy"]).toBe("NL");
    expect(person.BirthInfo.BirthDate).toBe("1990-05-17");
    expect(xml).toContain("&amp; &lt;Zoë");
    const personGoods = individuals.get(person)!.RelevantActivities.SaleOfGoods;
    expect(personGoods.Consideration).toMatchObject({ ConsQ1: { "#text": "2000", "@_currCode": "EUR" }, ConsQ2: { "#text": "0" }, ConsQ3: { "#text": "2" } });
    expect(personGoods.NumberOfActivities).toMatchObject({ NumbQ1: "1", NumbQ2: "0", NumbQ3: "1", NumbQ4: "0" });
    // Fees are what the seller was charged: nothing (the buyer pays the protection fee).
    expect(personGoods.Fees).toMatchObject({ FeesQ1: { "#text": "0", "@_currCode": "EUR" } });
    expect(personGoods.Taxes).toMatchObject({ TaxQ1: { "#text": "0", "@_currCode": "EUR" } });

    const foreign = [...individuals.keys()].find((id) => id.Name.LastName === "Müller")!;
    expect(foreign.ResCountryCode).toBe("DE");
    expect(text(foreign.TIN)).toBe("12345678901");
    expect(foreign.TIN["@_issuedBy"]).toBe("DE");
    expect(foreign.Address.AddressFix).toMatchObject({ Street: "Straße des 17. Juni", City: "Berlin" });
    expect(individuals.get(foreign)!.RelevantActivities.SaleOfGoods.Consideration.ConsQ2["#text"]).toBe("2249");

    const company = [...entities.keys()].find((id) => id.Name === "Bakkerij De Ster & Zonen <B.V.>")!;
    expect(text(company.TIN)).toBe("812345678");
    expect(company.IN).toMatchObject({ "#text": "12345678", "@_INType": "BRN", "@_issuedBy": "NL" });
    expect(company.VAT).toBe("NL859234561B01");
    // A company reports its registered address, and never a date of birth.
    expect(company.Address.AddressFix).toMatchObject({ Street: "Domplein", City: "Utrecht" });
    expect(company.BirthInfo).toBeUndefined();
    expect(entities.get(company)!.RelevantActivities.SaleOfGoods.Consideration.ConsQ4["#text"]).toBe("2501");
    const belgian = [...entities.keys()].find((id) => id.Name === "Café Élysée SRL")!;
    expect(belgian).toMatchObject({ ResCountryCode: "BE", TIN: { "#text": "0123456789", "@_issuedBy": "BE" } });
    expect(xml).toContain("Bakkerij De Ster &amp; Zonen &lt;B.V.&gt;");

    // The old row: what XML cannot carry is gone, the name cut to the schema's 200.
    const old = [...individuals.keys()].find((id) => id.Name.FirstName === "Oude")!;
    expect(old.Name.LastName.startsWith("Rij xxx")).toBe(true);
    expect(old.Name.LastName.length).toBeLessThanOrEqual(200);
    expect(old.Address.AddressFix).toMatchObject({ Street: "[31mOudegracht", City: "Utrecht" });
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/);
  });

  it("keeps each seller's DocRefId from one download to the next, with a new MessageRefId", async () => {
    const first = parse((await download()).xml);
    const second = parse((await download()).xml);
    expect(second.MessageSpec.MessageRefId).not.toBe(first.MessageSpec.MessageRefId);
    const refs = (root: Node) => [root.DPIBody.PlatformOperator.DocSpec, ...[root.DPIBody.ReportableSeller].flat().map((s: Node) => s.DocSpec)].map((d: Node) => d.DocRefId);
    expect(refs(second)).toEqual(refs(first));
    expect(new Set(refs(first)).size).toBe(refs(first).length);
    expect(refs(first)).toContain(`NL${YEAR}-seller-${sellers.person!.id}`);
  });
});

describe("the platform operator", () => {
  const NAMES = ["NODE_ENV", "PLATFORM_OPERATOR_NAME", "PLATFORM_OPERATOR_TIN", "PLATFORM_OPERATOR_ADDRESS"] as const;
  const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
  function configure(values: Partial<Record<(typeof NAMES)[number], string | undefined>>) {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  }
  afterAll(() => configure(saved));

  it("comes from PLATFORM_OPERATOR_*; a production build without them refuses the file (409)", async () => {
    configure({ NODE_ENV: "production", PLATFORM_OPERATOR_NAME: undefined, PLATFORM_OPERATOR_TIN: "823456789", PLATFORM_OPERATOR_ADDRESS: undefined });
    const refused = await call(adminDac7, { ip: IP, token: admin.token, path: `/api/admin/dac7?year=${YEAR}&format=xml` });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("platform_operator_missing");
    expect(refused.body.detail).toContain("PLATFORM_OPERATOR_NAME, PLATFORM_OPERATOR_ADDRESS");
    expect(refused.body.missing).toEqual(["PLATFORM_OPERATOR_NAME", "PLATFORM_OPERATOR_ADDRESS"]);
    // The JSON overview still answers.
    expect((await call(adminDac7, { ip: IP, token: admin.token, path: `/api/admin/dac7?year=${YEAR}` })).status).toBe(200);

    configure({ PLATFORM_OPERATOR_NAME: "Kringwaar Markt & Co B.V.", PLATFORM_OPERATOR_ADDRESS: "Domplein 1, 3512 JC Utrecht" });
    const root = parse((await download()).xml);
    expect(root.DPIBody.PlatformOperator).toMatchObject({ Name: "Kringwaar Markt & Co B.V.", TIN: { "#text": "823456789", "@_issuedBy": "NL" }, Address: { CountryCode: "NL", AddressFree: "Domplein 1, 3512 JC Utrecht" } });
  });
});
