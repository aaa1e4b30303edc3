// The transparency report (DSA art. 24) against seeded moderation data of a past half
// year: notices by category and sender, decisions, the median time to decide,
// complaints, bans and average monthly active users; the admin's CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as publicRoute } from "@/app/api/transparency/route";
import { GET as adminRoute } from "@/app/api/admin/transparency/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { makeAdmin } from "../../support/orders";

const IP = "198.51.100.89";
let admin: RegisteredUser;
const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;

beforeAll(async () => {
  admin = await registerUser({ name: "Beheerder Transparantie" });
  await makeAdmin(admin);
  const member = await registerUser({ name: "Melder Transparantie" });
  const other = await registerUser({ name: "Gebruiker Transparantie" });
  const target = crypto.randomUUID();
  // 2024 H2: four notices (2 scam by members, 1 counterfeit by a visitor, 1 illegal by a
  // visitor), three decided after 2, 4 and 10 hours; one from June (H1) that does not count.
  const report = (reason: "scam" | "counterfeit" | "illegal", createdAt: Date, by: "user" | "visitor", decided?: { hours: number; status: "dismissed" | "listing_removed" | "user_banned" }) =>
    db.report.create({
      data: {
        reporterId: by === "user" ? member.id : null, reporterEmail: by === "visitor" ? "bezoeker@example.nl" : null, goodFaith: true,
        targetType: "listing", targetId: target, reason, createdAt,
        ...(decided ? { status: decided.status, decidedAt: new Date(createdAt.getTime() + decided.hours * HOUR), decidedById: admin.id } : {}),
      },
    });
  await report("scam", at("2024-07-10T10:00:00Z"), "user", { hours: 2, status: "dismissed" });
  await report("scam", at("2024-08-10T10:00:00Z"), "user", { hours: 4, status: "user_banned" });
  await report("counterfeit", at("2024-09-10T10:00:00Z"), "visitor", { hours: 10, status: "listing_removed" });
  await report("illegal", at("2024-12-10T10:00:00Z"), "visitor");
  await report("scam", at("2024-06-29T10:00:00Z"), "user");
  // Restrictions: two bans (one reversed on complaint), one removal, one automated hold.
  const statement = (kind: "ban" | "listing_removal" | "payout_hold", createdAt: Date, automated = false) =>
    db.moderationStatement.create({ data: { userId: other.id, kind, category: "scam", facts: "Feiten.", rule: "Regel.", automated, targetType: "user", targetId: other.id, createdAt } });
  const ban = await statement("ban", at("2024-08-10T14:00:00Z"));
  await statement("ban", at("2024-10-01T10:00:00Z"));
  await statement("listing_removal", at("2024-09-10T20:00:00Z"));
  await statement("payout_hold", at("2024-11-01T10:00:00Z"), true);
  // A statement holding two appeals (the service refuses a second, the table does not):
  // one complaint, with the outcome of the later appeal.
  await db.appeal.create({ data: { statementId: ban.id, userId: other.id, text: "Onterecht", status: "upheld", decidedAt: at("2024-08-12T10:00:00Z"), createdAt: at("2024-08-11T10:00:00Z") } });
  await db.appeal.create({ data: { statementId: ban.id, userId: other.id, text: "Nogmaals", status: "reversed", decidedAt: at("2024-10-12T10:00:00Z"), createdAt: at("2024-10-11T10:00:00Z") } });
  // Active users: July 2 users, August 1, nobody later: (2 + 1) / 6 months = 0.5 → 1 (rounded).
  for (const [userId, createdAt] of [[member.id, "2024-07-01T10:00:00Z"], [other.id, "2024-07-20T10:00:00Z"], [member.id, "2024-07-25T10:00:00Z"], [member.id, "2024-08-02T10:00:00Z"]] as const) {
    await db.authSession.create({ data: { userId, kind: "bearer", createdAt: at(createdAt), expiresAt: new Date(at(createdAt).getTime() + 30 * 24 * HOUR) } });
  }
});

describe("the transparency report", () => {
  it("counts a half year's moderation from the database", async () => {
    const res = await call(publicRoute, { ip: IP, path: "/api/transparency?year=2024&half=2" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      period: { year: 2024, half: 2, from: "2024-06-30T22:00:00.000Z", to: "2024-12-31T23:00:00.000Z" },
      notices: { total: 4, by_category: { scam: 2, counterfeit: 1, illegal: 1 }, by_sender: { user: 2, visitor: 2 } },
      decisions: { on_notices: { dismissed: 1, user_banned: 1, listing_removed: 1 }, restrictions: { ban: 2, listing_removal: 1, payout_hold: 1 }, automated: 1, median_hours_to_decision: 4 },
      complaints: { received: 1, upheld: 0, reversed: 1, open: 0 },
      bans: 2,
      average_monthly_active_users: 1,
    });
    const first = await call(publicRoute, { ip: IP, path: "/api/transparency?year=2024&half=1" });
    expect(first.body.notices).toMatchObject({ total: 1, by_sender: { user: 1, visitor: 0 } });
    expect(first.body.decisions.median_hours_to_decision).toBeNull();
  });

  it("gives admins the same as CSV", async () => {
    expect((await call(adminRoute, { ip: IP, path: "/api/admin/transparency?year=2024&half=2&format=csv" })).status).toBe(401);
    const res = await call(adminRoute, { ip: IP, token: admin.token, path: "/api/admin/transparency?year=2024&half=2&format=csv" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = String(res.body).trim().split("\n");
    expect(lines[0]).toBe("metric,value");
    expect(lines).toContain("period,2024-H2");
    expect(lines).toContain("notices_from_visitors,2");
    expect(lines).toContain("median_hours_to_decision,4");
    expect(lines).toContain("complaints_received,1");
    expect(lines).toContain("complaints_reversed,1");
    expect(lines).toContain("bans,2");
  });
});
