// A manual payout hold by an admin (DSA art. 17) and the January DAC7 mail, through the
// real routes and the real job runner: a hold needs category, facts and rule (422 and
// nothing changes without them), only admins may hold (403); the statement is stored,
// mailed in the user's language with the appeal link, and audited; the escrow job pays
// nothing while held and pays after the release or after an appeal reverses the hold.
// In January each reportable seller of the year before is mailed their statement once.
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as holdRoute } from "@/app/api/admin/users/[id]/hold-payouts/route";
import { PUT as releaseRoute } from "@/app/api/admin/users/[id]/release-payouts/route";
import { GET as adminUsersRoute } from "@/app/api/admin/users/route";
import { POST as appealRoute } from "@/app/api/appeals/route";
import { POST as decideAppealRoute } from "@/app/api/admin/appeals/[id]/decide/route";
import { runJobs } from "@/lib/domains/jobs";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";
import { buyAndPay, makeAdmin, productOf } from "../../support/orders";

const IP = "198.51.100.93";
const REASONS = { category: "scam", facts: "Drie kopers meldden dat de verkochte telefoons gestolen waren.", rule: "Gebruiksvoorwaarden art. 4.1: geen gestolen goederen" };
let admin: RegisteredUser;
let buyer: RegisteredUser;

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder Uitbetaling" });
  await makeAdmin(admin);
  buyer = await registerUser({ name: "Koper Uitbetaling" });
});

const asAdmin = (handler: Parameters<typeof call>[0], options: Parameters<typeof call>[1] = {}) => call(handler, { ip: IP, token: admin.token, ...options });

/** A paid order of the seller, confirmed and due for payout. */
async function duePayout(seller: RegisteredUser, title: string): Promise<string> {
  const { orderId } = await buyAndPay(buyer, await productOf(seller, 2500, title));
  const earlier = new Date(Date.now() - 60_000);
  await db.order.update({ where: { id: orderId }, data: { deliveryStatus: "confirmed", deliveryConfirmedAt: earlier, autoReleaseAt: earlier } });
  return orderId;
}

const statusOf = async (orderId: string) => (await db.order.findUniqueOrThrow({ where: { id: orderId } })).status;

describe("a manual payout hold", () => {
  it("needs a statement of reasons (422) and an admin (403); nothing changes without them", async () => {
    const seller = await registerUser({ name: "Nog Niet Vastgehouden" });
    for (const json of [undefined, {}, { category: "scam" }, { category: "scam", facts: "Iets" }, { ...REASONS, rule: " " }, { ...REASONS, category: "boos" }]) {
      const res = await asAdmin(holdRoute, { method: "PUT", params: { id: seller.id }, ...(json === undefined ? {} : { json }) });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(typeof res.body.detail).toBe("string");
    }
    const other = await registerUser({ name: "Geen Beheerder" });
    expect((await call(holdRoute, { ip: IP, token: other.token, method: "PUT", params: { id: seller.id }, json: REASONS })).status).toBe(403);
    expect((await call(releaseRoute, { ip: IP, token: other.token, method: "PUT", params: { id: seller.id } })).status).toBe(403);
    expect((await call(holdRoute, { ip: IP, method: "PUT", params: { id: seller.id }, json: REASONS })).status).toBe(401);
    const row = await db.user.findUniqueOrThrow({ where: { id: seller.id } });
    expect(row.payoutsHeldAt).toBeNull();
    expect(await db.moderationStatement.count({ where: { userId: seller.id } })).toBe(0);
    // Not on admins; not twice; no release without a hold.
    expect((await asAdmin(holdRoute, { method: "PUT", params: { id: admin.id }, json: REASONS })).status).toBe(400);
    expect((await asAdmin(releaseRoute, { method: "PUT", params: { id: seller.id } })).body.code).toBe("payouts_not_held");
  });

  it("holds the seller's payouts with a mailed statement; the job pays nothing until the release", async () => {
    const seller = await registerUser({ name: "Vastgehouden Verkoper" });
    await db.user.update({ where: { id: seller.id }, data: { locale: "en" } });
    const orderId = await duePayout(seller, "Telefoon");
    const held = await asAdmin(holdRoute, { method: "PUT", params: { id: seller.id }, json: REASONS });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ user_id: seller.id, payouts_held: true });
    expect((await asAdmin(holdRoute, { method: "PUT", params: { id: seller.id }, json: REASONS })).body.code).toBe("payouts_already_held");

    const statement = await db.moderationStatement.findFirstOrThrow({ where: { userId: seller.id, kind: "payout_hold" } });
    expect(statement).toMatchObject({ id: held.body.statement_id, category: "scam", facts: REASONS.facts, rule: REASONS.rule, automated: false, decidedById: admin.id });
    const [mail] = await db.mailOutbox.findMany({ where: { userId: seller.id, template: "statement_of_reasons" } });
    expect(mail!.subject).toBe("Your payout is on hold: the reasons");
    expect(mail!.text).toContain("taken by a member of staff");
    expect(mail!.text).toMatch(/\/appeal\?statement=[0-9a-f-]{36}&token=/);
    const audit = await db.auditLogEntry.findFirstOrThrow({ where: { action: "user.hold_payouts", targetId: seller.id } });
    expect(audit.after).toMatchObject({ payouts_held: true, statement_id: statement.id, rule: REASONS.rule });
    const list = await asAdmin(adminUsersRoute, { path: "/api/admin/users?search=Vastgehouden" });
    expect(list.body.users[0]).toMatchObject({ id: seller.id, payouts_held: true });

    const report = await runJobs(new Date());
    expect(report.payouts_waiting).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderId)).toBe("held");

    const released = await asAdmin(releaseRoute, { method: "PUT", params: { id: seller.id } });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ payouts_held: false, statement_id: null });
    expect(await db.auditLogEntry.count({ where: { action: "user.release_payouts", targetId: seller.id } })).toBe(1);
    await runJobs(new Date());
    expect(await statusOf(orderId)).toBe("completed");
  });

  it("is appealable: reversing the statement releases the payouts", async () => {
    const seller = await registerUser({ name: "Bezwaar Uitbetaling" });
    const orderId = await duePayout(seller, "Fototoestel");
    const held = await asAdmin(holdRoute, { method: "PUT", params: { id: seller.id }, json: REASONS });
    await runJobs(new Date());
    expect(await statusOf(orderId)).toBe("held");
    const appeal = await call(appealRoute, { ip: IP, token: seller.token, method: "POST", json: { statement_id: held.body.statement_id, text: "De telefoons waren van mij, hier zijn de bonnen." } });
    expect(appeal.status).toBe(201);
    const decided = await asAdmin(decideAppealRoute, { method: "POST", params: { id: appeal.body.id }, json: { decision: "reverse", reason: "De bonnen tonen eigendom aan." } });
    expect(decided.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: seller.id } })).payoutsHeldAt).toBeNull();
    const audit = await db.auditLogEntry.findFirstOrThrow({ where: { action: "user.release_payouts", targetId: seller.id } });
    expect(audit.after).toMatchObject({ appeal_id: appeal.body.id });
    await runJobs(new Date());
    expect(await statusOf(orderId)).toBe("completed");
  });
});

describe("the January DAC7 mail", () => {
  it("mails each reportable seller of the year before their statement, once, in their language", async () => {
    const nl = await registerUser({ name: "Jaarmail Verkoper" });
    const en = await registerUser({ name: "Yearly Seller" });
    await db.user.update({ where: { id: en.id }, data: { locale: "en" } });
    const small = await registerUser({ name: "Kleine Jaarmail" });
    const YEAR = 2024;
    const seed = async (sellerId: string, count: number, cents: number) => {
      for (let i = 0; i < count; i += 1) {
        const productId = await insertProduct({ sellerId, title: `Jaarmail ${i}`, status: "sold", priceCents: cents });
        const at = new Date(Date.UTC(YEAR, (i % 4) * 3, 15, 10));
        await db.order.create({
          data: {
            buyerId: buyer.id, sellerId, productId, status: "completed", deliveryStatus: "confirmed",
            amountCents: cents, commissionCents: Math.round(cents * 0.05), totalCents: cents + Math.round(cents * 0.05),
            paidAt: at, deliveryConfirmedAt: at, autoReleaseAt: at, completedAt: at,
          },
        });
      }
    };
    await seed(nl.id, 30, 1000); // 30 sales: reportable
    await seed(en.id, 2, 123_450); // €2,469: reportable
    await seed(small.id, 2, 5000);

    // Not in December, nor in February.
    await runJobs(new Date(`${YEAR}-12-20T12:00:00Z`));
    await runJobs(new Date(`${YEAR + 1}-02-02T12:00:00Z`));
    expect(await db.mailOutbox.count({ where: { template: "dac7_statement" } })).toBe(0);

    const january = new Date(`${YEAR + 1}-01-05T09:00:00Z`);
    const report = await runJobs(january);
    expect(report.dac7_statements).toBe(2);
    const nlMail = await db.mailOutbox.findFirstOrThrow({ where: { userId: nl.id, template: "dac7_statement" } });
    expect(nlMail.subject).toBe(`Je jaaroverzicht ${YEAR} voor de Belastingdienst (DAC7)`);
    // Intl puts a no-break space after the euro sign in Dutch.
    // Fees are what the seller was charged: nothing (the buyer pays the protection fee).
    expect(nlMail.text).toMatch(/30 verkopen, €\s300,00 ontvangen en €\s0,00 aan kosten/);
    expect(nlMail.text).toContain(`/dashboard?tab=tax&year=${YEAR}`);
    const enMail = await db.mailOutbox.findFirstOrThrow({ where: { userId: en.id, template: "dac7_statement" } });
    expect(enMail.subject).toBe(`Your ${YEAR} statement for the tax authority (DAC7)`);
    expect(enMail.text).toContain("2 sales, €2,469.00 received and €0.00 in fees");
    expect(await db.mailOutbox.count({ where: { userId: small.id, template: "dac7_statement" } })).toBe(0);
    expect(await db.dac7StatementMail.count({ where: { year: YEAR } })).toBe(2);

    // A second run (and a later one in January) sends nothing.
    expect((await runJobs(january)).dac7_statements).toBe(0);
    expect((await runJobs(new Date(`${YEAR + 1}-01-30T09:00:00Z`))).dac7_statements).toBe(0);
    expect(await db.mailOutbox.count({ where: { template: "dac7_statement", userId: { in: [nl.id, en.id] } } })).toBe(2);
  });
});
