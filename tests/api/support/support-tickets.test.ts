// Support tickets (GET/POST /api/support/tickets, GET .../{id}, PUT .../status, POST
// .../reply) and the admin side (GET /api/admin/tickets, PUT .../status, POST .../reply):
// who may read and write, the documented texts, the 409 on closed tickets, notifications.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listOwn, POST as createRoute } from "@/app/api/support/tickets/route";
import { GET as getRoute } from "@/app/api/support/tickets/[id]/route";
import { PUT as ownerStatus } from "@/app/api/support/tickets/[id]/status/route";
import { POST as replyRoute } from "@/app/api/support/tickets/[id]/reply/route";
import { GET as adminList } from "@/app/api/admin/tickets/route";
import { PUT as adminStatus } from "@/app/api/admin/tickets/[id]/status/route";
import { POST as adminReply } from "@/app/api/admin/tickets/[id]/reply/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { makeAdmin } from "../../support/orders";

const IP = "198.51.100.61";
let owner: RegisteredUser;
let other: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  owner = await registerUser({ name: "Fleur Jansen" });
  other = await registerUser({ name: "Pieter Bakker" });
  admin = await registerUser({ name: "Beheerder" });
  await makeAdmin(admin);
});

async function open(user: RegisteredUser, json: Record<string, unknown> = {}) {
  const res = await call(createRoute, { token: user.token, ip: IP, json: { subject: "Betaling niet ontvangen", message: "Mijn koper zegt betaald te hebben.", ...json } });
  expect(res.status).toBe(201);
  return res.body;
}

describe("opening a ticket", () => {
  it("uses the defaults other and medium and returns the ticket's fields", async () => {
    const ticket = await open(owner);
    expect(ticket).toMatchObject({ subject: "Betaling niet ontvangen", category: "other", priority: "medium", status: "open", user_name: "Fleur Jansen", user_email: owner.email });
    expect(typeof ticket.created_at).toBe("string");
    expect(typeof ticket.updated_at).toBe("string");
  });

  it("refuses a missing or blank subject or message with 'Please fill in all fields' and stores nothing", async () => {
    const before = await db.supportTicket.count();
    for (const json of [{ subject: "", message: "x" }, { subject: "x", message: "   " }, { message: "x" }]) {
      const res = await call(createRoute, { token: owner.token, ip: IP, json });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe("Please fill in all fields");
    }
    const tooLong = await call(createRoute, { token: owner.token, ip: IP, json: { subject: "a".repeat(201), message: "x" } });
    expect(tooLong.status).toBe(422);
    const longMessage = await call(createRoute, { token: owner.token, ip: IP, json: { subject: "a", message: "m".repeat(2001) } });
    expect(longMessage.status).toBe(422);
    expect(await db.supportTicket.count()).toBe(before);
  });

  it("accepts an order_id only of the caller's own order", async () => {
    const res = await call(createRoute, { token: owner.token, ip: IP, json: { subject: "a", message: "b", order_id: crypto.randomUUID() } });
    expect(res.status).toBe(422);
  });

  it("needs a signed-in user", async () => {
    const res = await call(createRoute, { ip: IP, json: { subject: "a", message: "b" } });
    expect(res.status).toBe(401);
  });
});

describe("reading tickets", () => {
  it("lists only the caller's own tickets and shows one to its owner and admins, 404 to others", async () => {
    const ticket = await open(owner, { subject: "Alleen van mij" });
    const mine = await call(listOwn, { token: owner.token, ip: IP });
    expect(mine.body.map((t: { id: string }) => t.id)).toContain(ticket.id);
    const theirs = await call(listOwn, { token: other.token, ip: IP });
    expect(theirs.body.map((t: { id: string }) => t.id)).not.toContain(ticket.id);

    expect((await call(getRoute, { token: owner.token, ip: IP, params: { id: ticket.id } })).status).toBe(200);
    expect((await call(getRoute, { token: admin.token, ip: IP, params: { id: ticket.id } })).status).toBe(200);
    expect((await call(getRoute, { token: other.token, ip: IP, params: { id: ticket.id } })).status).toBe(404);
    expect((await call(getRoute, { token: other.token, ip: IP, params: { id: "not-a-uuid" } })).status).toBe(404);
  });
});

describe("the conversation on a ticket", () => {
  it("a staff reply shows as Support Team, notifies the owner, and the owner can answer", async () => {
    const ticket = await open(owner, { subject: "Vraag over escrow" });
    const res = await call(adminReply, { token: admin.token, ip: IP, params: { id: ticket.id }, path: `/api/admin/tickets/${ticket.id}/reply?message=${encodeURIComponent("We kijken ernaar.")}`, method: "POST" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Reply sent");

    const ownerReply = await call(replyRoute, { token: owner.token, ip: IP, params: { id: ticket.id }, json: { message: "Dank je!" } });
    expect(ownerReply.status).toBe(201);
    expect(ownerReply.body.is_staff).toBe(false);

    const detail = await call(getRoute, { token: owner.token, ip: IP, params: { id: ticket.id } });
    expect(detail.body.replies).toMatchObject([
      { message: "We kijken ernaar.", is_staff: true, author_name: "Support Team" },
      { message: "Dank je!", is_staff: false, author_name: "Fleur Jansen" },
    ]);
    const notes = await db.notification.findMany({ where: { userId: owner.id, event: "support.reply" } });
    expect(notes.some((n) => (n.data as { ticketId: string }).ticketId === ticket.id)).toBe(true);

    // A stranger cannot reply.
    const stranger = await call(replyRoute, { token: other.token, ip: IP, params: { id: ticket.id }, json: { message: "Hoi" } });
    expect(stranger.status).toBe(404);
  });

  it("also accepts the admin's reply as a JSON body; an empty one is refused", async () => {
    const ticket = await open(owner);
    const ok = await call(adminReply, { token: admin.token, ip: IP, params: { id: ticket.id }, json: { message: "Via JSON" } });
    expect(ok.status).toBe(201);
    const empty = await call(adminReply, { token: admin.token, ip: IP, params: { id: ticket.id }, json: {} });
    expect(empty.status).toBe(422);
  });
});

describe("ticket status", () => {
  it("admins set in_progress and resolved; the owner is told each change", async () => {
    const ticket = await open(owner, { subject: "Status volgen" });
    const path = (s: string) => `/api/admin/tickets/${ticket.id}/status?status=${s}`;
    const a = await call(adminStatus, { token: admin.token, ip: IP, method: "PUT", params: { id: ticket.id }, path: path("in_progress") });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ message: "Status updated", ticket: { status: "in_progress" } });
    const b = await call(adminStatus, { token: admin.token, ip: IP, method: "PUT", params: { id: ticket.id }, path: path("resolved") });
    expect(b.body.ticket.status).toBe("resolved");
    const bad = await call(adminStatus, { token: admin.token, ip: IP, method: "PUT", params: { id: ticket.id }, path: path("closed") });
    expect(bad.status).toBe(422);
    const notes = await db.notification.findMany({ where: { userId: owner.id, event: "support.status" }, orderBy: { createdAt: "asc" } });
    expect(notes.filter((n) => (n.data as { ticketId: string }).ticketId === ticket.id).map((n) => (n.data as { status: string }).status)).toEqual(["in_progress", "resolved"]);
    const audit = await db.auditLogEntry.findMany({ where: { targetId: ticket.id, action: "ticket.status" } });
    expect(audit).toHaveLength(2);
  });

  it("the owner may close their ticket once; a closed ticket refuses replies from anyone with 409", async () => {
    const ticket = await open(owner, { subject: "Wordt gesloten" });
    const stranger = await call(ownerStatus, { token: other.token, ip: IP, method: "PUT", params: { id: ticket.id }, json: { status: "closed" } });
    expect(stranger.status).toBe(404);
    const notClose = await call(ownerStatus, { token: owner.token, ip: IP, method: "PUT", params: { id: ticket.id }, json: { status: "resolved" } });
    expect(notClose.status).toBe(422);
    const closed = await call(ownerStatus, { token: owner.token, ip: IP, method: "PUT", params: { id: ticket.id }, json: { status: "closed" } });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("closed");
    const again = await call(ownerStatus, { token: owner.token, ip: IP, method: "PUT", params: { id: ticket.id }, json: { status: "closed" } });
    expect(again.status).toBe(409);

    const mine = await call(replyRoute, { token: owner.token, ip: IP, params: { id: ticket.id }, json: { message: "Nog iets" } });
    expect(mine.status).toBe(409);
    const staff = await call(adminReply, { token: admin.token, ip: IP, params: { id: ticket.id }, json: { message: "Nog iets" } });
    expect(staff.status).toBe(409);
    const status = await call(adminStatus, { token: admin.token, ip: IP, method: "PUT", params: { id: ticket.id }, path: `/api/admin/tickets/${ticket.id}/status?status=resolved` });
    expect(status.status).toBe(409);
    expect(await db.ticketReply.count({ where: { ticketId: ticket.id } })).toBe(0);
  });

  it("the admin list shows every ticket and filters by status", async () => {
    const ticket = await open(other, { subject: "Van een ander" });
    const all = await call(adminList, { token: admin.token, ip: IP });
    expect(all.body.map((t: { id: string }) => t.id)).toContain(ticket.id);
    const closed = await call(adminList, { token: admin.token, ip: IP, path: "/api/admin/tickets?status=closed" });
    expect(closed.body.every((t: { status: string }) => t.status === "closed")).toBe(true);
    expect(closed.body.map((t: { id: string }) => t.id)).not.toContain(ticket.id);
  });
});
