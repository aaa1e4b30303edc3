// Statements of reasons (DSA art. 17) and appeals (art. 20) through the real routes:
// a ban, removal or report decision without category, facts and rule is refused (422,
// nothing changes); the statement is stored, mailed in the user's language with the
// appeal link, and shown at login (403 {detail, statement}); the banned user appeals with
// the mailed token; an admin decides (uphold or reverse; reverse unbans) and the user is
// told, once per statement; all of it in the audit log.
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as banRoute } from "@/app/api/admin/users/[id]/ban/route";
import { DELETE as removeRoute } from "@/app/api/admin/products/[id]/route";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as appealRoute } from "@/app/api/appeals/route";
import { GET as adminAppealsRoute } from "@/app/api/admin/appeals/route";
import { POST as decideAppealRoute } from "@/app/api/admin/appeals/[id]/decide/route";
import { GET as myStatementsRoute } from "@/app/api/users/me/statements/route";
import { GET as adminAuditRoute } from "@/app/api/admin/audit/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { makeAdmin, productOf } from "../../support/orders";

const IP = "198.51.100.71";
let admin: RegisteredUser;

const REASONS = { category: "scam", facts: "Vroeg kopers om buiten het platform te betalen via een betaallink.", rule: "Gebruiksvoorwaarden art. 5.2: betalen alleen via Kringwaar" };

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder Trust" });
  await makeAdmin(admin);
});

const asAdmin = (handler: Parameters<typeof call>[0], options: Parameters<typeof call>[1] = {}) => call(handler, { ip: IP, token: admin.token, ...options });

async function mailsTo(userId: string, template: string) {
  return db.mailOutbox.findMany({ where: { userId, template }, orderBy: { createdAt: "asc" } });
}

function tokenOf(text: string): { statement: string; token: string } {
  const match = /\/appeal\?statement=([0-9a-f-]{36})&token=([A-Za-z0-9_.-]+)/.exec(text);
  if (!match) throw new Error(`no appeal link in: ${text}`);
  return { statement: match[1]!, token: match[2]! };
}

describe("a ban needs a statement of reasons", () => {
  it("is refused without category, facts and rule (422) and nothing changes", async () => {
    const user = await registerUser({ name: "Nog Niet Verbannen" });
    for (const json of [undefined, {}, { category: "scam" }, { category: "scam", facts: "Iets" }, { ...REASONS, category: "boos" }, { ...REASONS, facts: "  " }]) {
      const res = await asAdmin(banRoute, { method: "PUT", params: { id: user.id }, ...(json === undefined ? {} : { json }) });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(typeof res.body.detail).toBe("string");
    }
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.isBanned).toBe(false);
    expect(await db.moderationStatement.count({ where: { userId: user.id } })).toBe(0);
  });

  it("stores the statement, mails it in the user's language and shows it at login", async () => {
    const user = await registerUser({ name: "Engelse Oplichter", locale: "en" });
    await db.user.update({ where: { id: user.id }, data: { locale: "en" } });
    const ban = await asAdmin(banRoute, { method: "PUT", params: { id: user.id }, json: REASONS });
    expect(ban.status).toBe(200);
    expect(ban.body.user.is_banned).toBe(true);

    const statement = (await db.moderationStatement.findMany({ where: { userId: user.id } }))[0]!;
    expect(statement).toMatchObject({ kind: "ban", category: "scam", facts: REASONS.facts, rule: REASONS.rule, automated: false, decidedById: admin.id });

    const mail = (await mailsTo(user.id, "statement_of_reasons"))[0]!;
    expect(mail.locale).toBe("en");
    expect(mail.subject).toBe("Your account has been blocked: the reasons");
    expect(mail.text).toContain(REASONS.facts);
    expect(mail.text).toContain(REASONS.rule);
    expect(mail.text).toContain("taken by a member of staff, not automatically");
    expect(tokenOf(mail.text).statement).toBe(statement.id);

    const login = await call(loginRoute, { ip: IP, json: { email: user.email, password: user.password } });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe("Account banned");
    expect(login.body.statement).toMatchObject({ id: statement.id, kind: "ban", category: "scam", facts: REASONS.facts, rule: REASONS.rule, automated: false });
    expect(typeof login.body.statement.created_at).toBe("string");
    expect(login.body.statement.appeal.how).toMatch(/6 months/);
    expect(new Date(login.body.statement.appeal.until).getTime()).toBeGreaterThan(Date.now() + 180 * 86400_000);

    const audit = await asAdmin(adminAuditRoute, { path: "/api/admin/audit?action=user.ban" });
    const entry = audit.body.entries.find((e: { target_id: string }) => e.target_id === user.id);
    expect(entry.after).toMatchObject({ is_banned: true, statement_id: statement.id, category: "scam", rule: REASONS.rule });
  });

  it("a Dutch user gets the Dutch mail", async () => {
    const user = await registerUser({ name: "Nederlandse Gebruiker" });
    expect((await asAdmin(banRoute, { method: "PUT", params: { id: user.id }, json: { ...REASONS, category: "counterfeit" } })).status).toBe(200);
    const mail = (await mailsTo(user.id, "statement_of_reasons"))[0]!;
    expect(mail.locale).toBe("nl");
    expect(mail.subject).toBe("Je account is geblokkeerd: de reden");
    expect(mail.text).toContain("Categorie: namaak of vervalsing");
    expect(mail.text).toContain("Bezwaar maken");
  });
});

describe("a listing removal needs a statement of reasons", () => {
  it("is refused without a rule, and with one the seller receives the statement", async () => {
    const seller = await registerUser({ name: "Verkoper Namaak" });
    const productId = await productOf(seller, 2500, "Nep designertas");
    const refused = await asAdmin(removeRoute, { method: "DELETE", params: { id: productId }, json: { category: "counterfeit", reason: "Namaak" } });
    expect(refused.status).toBe(422);
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).deletedAt).toBeNull();
    const removed = await asAdmin(removeRoute, { method: "DELETE", params: { id: productId }, json: { category: "counterfeit", facts: "Logo en stiksels wijzen op namaak.", rule: "Gebruiksvoorwaarden art. 4.1: geen namaak" } });
    expect(removed.status).toBe(200);
    const mine = await call(myStatementsRoute, { ip: IP, token: seller.token });
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({ kind: "listing_removal", target_type: "product", target_id: productId, rule: "Gebruiksvoorwaarden art. 4.1: geen namaak", appeals: [] });
    expect(await mailsTo(seller.id, "statement_of_reasons")).toHaveLength(1);

    // Signed in, the seller appeals; the admin reverses it and the listing returns.
    const appeal = await call(appealRoute, { ip: IP, token: seller.token, json: { statement_id: mine.body[0].id, text: "De tas is echt, ik heb de bon." } });
    expect(appeal.status).toBe(201);
    const decided = await asAdmin(decideAppealRoute, { params: { id: appeal.body.id }, json: { decision: "reverse", reason: "De bon toont dat de tas echt is." } });
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe("reversed");
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).deletedAt).toBeNull();
  });
});

describe("appeals (internal complaints)", () => {
  let banned: RegisteredUser;
  let link: { statement: string; token: string };

  beforeAll(async () => {
    banned = await registerUser({ name: "Bezwaarmaker" });
    await productOf(banned, 1500, "Lamp");
    expect((await asAdmin(banRoute, { method: "PUT", params: { id: banned.id }, json: REASONS })).status).toBe(200);
    link = tokenOf((await mailsTo(banned.id, "statement_of_reasons"))[0]!.text);
  });

  it("a banned user appeals with the mailed token; a bad token or someone else's statement is refused", async () => {
    // No session and no token: 401. A forged token: 403. The token of another statement: 403.
    expect((await call(appealRoute, { ip: IP, json: { statement_id: link.statement, text: "Onterecht" } })).status).toBe(401);
    expect((await call(appealRoute, { ip: IP, json: { statement_id: link.statement, text: "Onterecht", token: `${link.token}x` } })).status).toBe(403);
    expect((await call(appealRoute, { ip: IP, json: { statement_id: crypto.randomUUID(), text: "Onterecht", token: link.token } })).status).toBe(403);
    // The banned user's bearer token does not count as a session.
    expect((await call(appealRoute, { ip: IP, token: banned.token, json: { statement_id: link.statement, text: "Onterecht" } })).status).toBe(401);
    // Another signed-in user cannot appeal it.
    const other = await registerUser({ name: "Buitenstaander" });
    expect((await call(appealRoute, { ip: IP, token: other.token, json: { statement_id: link.statement, text: "Onterecht" } })).status).toBe(404);
    // Text required.
    expect((await call(appealRoute, { ip: IP, json: { statement_id: link.statement, text: " ", token: link.token } })).status).toBe(422);

    const filed = await call(appealRoute, { ip: IP, json: { statement_id: link.statement, text: "Ik heb nooit om een betaallink gevraagd.", token: link.token } });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ statement_id: link.statement, status: "open", decision_reason: null });
    expect(await mailsTo(banned.id, "appeal_received")).toHaveLength(1);
    // One open appeal per statement.
    const twice = await call(appealRoute, { ip: IP, json: { statement_id: link.statement, text: "Nogmaals", token: link.token } });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("appeal_open");
    // At login the statement says the appeal is being reviewed instead of offering a link.
    const login = await call(loginRoute, { ip: "198.51.100.74", json: { email: banned.email, password: banned.password } });
    expect(login.body.statement.appeal).toMatchObject({ status: "open" });
    expect(login.body.statement.appeal.token).toBeUndefined();

    const queue = await asAdmin(adminAppealsRoute, { path: "/api/admin/appeals?status=open" });
    const row = queue.body.find((a: { id: string }) => a.id === filed.body.id);
    expect(row).toMatchObject({ text: "Ik heb nooit om een betaallink gevraagd.", statement: { kind: "ban", facts: REASONS.facts }, user: { id: banned.id, is_banned: true } });
  });

  it("uphold keeps the ban and is final: the statement takes no second appeal (409 appeal_decided); the user is told; audited", async () => {
    const first = (await db.appeal.findMany({ where: { userId: banned.id } }))[0]!;
    expect((await asAdmin(decideAppealRoute, { params: { id: first.id }, json: { decision: "uphold" } })).status).toBe(422);
    const upheld = await asAdmin(decideAppealRoute, { params: { id: first.id }, json: { decision: "uphold", reason: "De berichten tonen de betaallink." } });
    expect(upheld.body.status).toBe("upheld");
    expect((await db.user.findUniqueOrThrow({ where: { id: banned.id } })).isBanned).toBe(true);
    expect((await asAdmin(decideAppealRoute, { params: { id: first.id }, json: { decision: "reverse", reason: "x" } })).status).toBe(409);
    const told = (await mailsTo(banned.id, "appeal_decided"))[0]!;
    expect(told.text).toContain("houden het besluit in stand");
    expect(told.text).toContain("De berichten tonen de betaallink.");

    // The decided statement cannot be appealed again, with the link or signed in.
    const again = await call(appealRoute, { ip: IP, json: { statement_id: link.statement, text: "Hier is het bewijs dat het iemand anders was.", token: link.token } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("appeal_decided");
    expect(await db.appeal.count({ where: { statementId: link.statement } })).toBe(1);
    expect(await mailsTo(banned.id, "appeal_received")).toHaveLength(1);
    const queue = await asAdmin(adminAppealsRoute, { path: "/api/admin/appeals?status=open" });
    expect(queue.body.filter((a: { statement_id: string }) => a.statement_id === link.statement)).toEqual([]);
    // At login the statement says the appeal was decided, and carries no appeal link.
    const login = await call(loginRoute, { ip: "198.51.100.73", json: { email: banned.email, password: banned.password } });
    expect(login.status).toBe(403);
    expect(login.body.statement).toMatchObject({ id: link.statement, appeal: { status: "upheld" } });
    expect(login.body.statement.appeal.token).toBeUndefined();

    const actions = await db.auditLogEntry.findMany({ where: { OR: [{ targetId: banned.id }, { targetType: "appeal", targetId: first.id }] }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["user.ban", "appeal.file", "appeal.uphold"]);
  });

  it("a reversal unbans; the user is told; audited", async () => {
    const user = await registerUser({ name: "Overgenomen Account" });
    await productOf(user, 1200, "Stoel");
    expect((await asAdmin(banRoute, { method: "PUT", params: { id: user.id }, json: REASONS })).status).toBe(200);
    const own = tokenOf((await mailsTo(user.id, "statement_of_reasons"))[0]!.text);
    const filed = await call(appealRoute, { ip: IP, json: { statement_id: own.statement, text: "Hier is het bewijs dat het iemand anders was.", token: own.token } });
    expect(filed.status).toBe(201);
    const reversed = await asAdmin(decideAppealRoute, { params: { id: filed.body.id }, json: { decision: "reverse", reason: "Het account was overgenomen." } });
    expect(reversed.body.status).toBe("reversed");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isBanned).toBe(false);
    expect(await db.product.count({ where: { sellerId: user.id, hiddenAt: { not: null } } })).toBe(0);
    expect((await call(loginRoute, { ip: "198.51.100.72", json: { email: user.email, password: user.password } })).status).toBe(200);
    expect((await mailsTo(user.id, "appeal_decided"))[0]!.text).toContain("teruggedraaid");
    // Signed in again, still no second appeal against the same statement.
    const again = await call(appealRoute, { ip: IP, token: user.token, json: { statement_id: own.statement, text: "Nog iets" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("appeal_decided");

    const actions = await db.auditLogEntry.findMany({ where: { OR: [{ targetId: user.id }, { targetType: "appeal", targetId: filed.body.id }] }, orderBy: { createdAt: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["user.ban", "appeal.file", "appeal.reverse", "user.unban"]);
  });

  it("is refused after 6 months", async () => {
    const user = await registerUser({ name: "Te Laat" });
    expect((await asAdmin(banRoute, { method: "PUT", params: { id: user.id }, json: REASONS })).status).toBe(200);
    const late = tokenOf((await mailsTo(user.id, "statement_of_reasons"))[0]!.text);
    await db.$executeRaw`UPDATE moderation_statements SET created_at = now() - interval '190 days' WHERE id = ${late.statement}::uuid`;
    const res = await call(appealRoute, { ip: IP, json: { statement_id: late.statement, text: "Onterecht", token: late.token } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("appeal_too_late");
  });
});
