// Reports from anyone (DSA art. 16) through the real routes: a visitor reports with an
// e-mail address and the good-faith statement (required of everyone), gets a receipt in
// their language and the outcome later; visitors are rate limited per address.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as reportRoute } from "@/app/api/reports/route";
import { GET as reportsRoute } from "@/app/api/admin/reports/route";
import { POST as decideRoute } from "@/app/api/admin/reports/[id]/decide/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { makeAdmin, productOf } from "../../support/orders";
import { VISITOR_REPORTS_PER_HOUR } from "@/lib/domains/reports/service";

const IP = "198.51.100.81";
let admin: RegisteredUser;
let seller: RegisteredUser;
let listing: string;

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder Meldingen" });
  await makeAdmin(admin);
  seller = await registerUser({ name: "Gemelde Verkoper" });
  listing = await productOf(seller, 4500, "Verdachte telefoon");
});

const visitorReport = (json: Record<string, unknown>, ip = IP, cookie?: string) =>
  call(reportRoute, { ip, cookie, json: { target_type: "listing", target_id: listing, reason: "scam", ...json } });

describe("POST /api/reports from anyone", () => {
  it("a visitor reports with an address and good faith; gets a receipt; the admin sees the address", async () => {
    // good_faith is required, and must be true.
    expect((await visitorReport({ reporter_email: "bezoeker@example.nl" })).status).toBe(422);
    const notTrue = await visitorReport({ reporter_email: "bezoeker@example.nl", good_faith: false });
    expect(notTrue.status).toBe(422);
    expect(notTrue.body.errors[0].field).toBe("good_faith");
    // A visitor leaves an address.
    const noEmail = await visitorReport({ good_faith: true });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body.code).toBe("reporter_email_required");
    expect((await visitorReport({ good_faith: true, reporter_email: "geen-adres" })).status).toBe(422);
    // A visitor cannot report a message (they have no conversations).
    expect((await visitorReport({ good_faith: true, reporter_email: "bezoeker@example.nl", target_type: "message", target_id: crypto.randomUUID() })).status).toBe(401);

    const ok = await visitorReport({ good_faith: true, reporter_email: "Bezoeker@Example.nl", details: "Prijs te mooi om waar te zijn." }, IP, "kringwaar_locale=en");
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ target_type: "listing", target_id: listing, reason: "scam", status: "open" });
    const row = await db.report.findUniqueOrThrow({ where: { id: ok.body.id } });
    expect(row).toMatchObject({ reporterId: null, reporterEmail: "bezoeker@example.nl", reporterLocale: "en", goodFaith: true });

    const receipt = await db.mailOutbox.findFirstOrThrow({ where: { toAddress: "bezoeker@example.nl", template: "report_receipt" } });
    expect(receipt.userId).toBeNull();
    expect(receipt.locale).toBe("en");
    expect(receipt.subject).toBe("We have received your report");
    expect(receipt.text).toContain("(a scam)");

    const queue = await call(reportsRoute, { ip: IP, token: admin.token, path: "/api/admin/reports?status=open" });
    expect(queue.body.find((r: { id: string }) => r.id === ok.body.id)).toMatchObject({ reporter_name: null, reporter_email: "bezoeker@example.nl" });

    // The outcome reaches the visitor by mail, in their language.
    const decided = await call(decideRoute, { ip: IP, token: admin.token, params: { id: ok.body.id }, json: { decision: "remove_listing", note: "Het toestel bleek gestolen.", rule: "Gebruiksvoorwaarden art. 4.2: geen gestolen goederen", category: "illegal" } });
    expect(decided.status).toBe(200);
    const outcome = await db.mailOutbox.findFirstOrThrow({ where: { toAddress: "bezoeker@example.nl", template: "report_outcome" } });
    expect(outcome.text).toContain("The reported listing has been removed.");
    expect(outcome.text).toContain("Het toestel bleek gestolen.");
  });

  it("a signed-in reporter must also state good faith and gets a receipt and the outcome by mail", async () => {
    const member = await registerUser({ name: "Ingelogde Melder" });
    const other = await productOf(seller, 2000, "Nog een telefoon");
    const json = { target_type: "listing", target_id: other, reason: "counterfeit" };
    expect((await call(reportRoute, { ip: IP, token: member.token, json })).status).toBe(422);
    const ok = await call(reportRoute, { ip: IP, token: member.token, json: { ...json, good_faith: true } });
    expect(ok.status).toBe(201);
    expect((await db.report.findUniqueOrThrow({ where: { id: ok.body.id } })).reporterId).toBe(member.id);
    expect(await db.mailOutbox.count({ where: { userId: member.id, template: "report_receipt" } })).toBe(1);
    // A removal or ban decision without a rule is refused, and nothing changes.
    const refused = await call(decideRoute, { ip: IP, token: admin.token, params: { id: ok.body.id }, json: { decision: "ban_user", note: "Namaak." } });
    expect(refused.status).toBe(422);
    expect((await db.user.findUniqueOrThrow({ where: { id: seller.id } })).isBanned).toBe(false);
    expect((await call(decideRoute, { ip: IP, token: admin.token, params: { id: ok.body.id }, json: { decision: "dismiss", note: "Geen namaak gevonden." } })).status).toBe(200);
    const outcome = await db.mailOutbox.findFirstOrThrow({ where: { userId: member.id, template: "report_outcome" } });
    expect(outcome.text).toContain("geen overtreding gevonden");
  });

  it("limits a visitor's reports per e-mail address", async () => {
    const email = `veel-${Date.now()}@example.nl`;
    const target = await productOf(seller, 3000, "Derde telefoon");
    for (let i = 0; i < VISITOR_REPORTS_PER_HOUR; i += 1) {
      expect((await visitorReport({ good_faith: true, reporter_email: email, target_id: target }, `198.51.100.${90 + i}`)).status).toBe(201);
    }
    const limited = await visitorReport({ good_faith: true, reporter_email: email, target_id: target }, "198.51.100.99");
    expect(limited.status).toBe(429);
  });
});
