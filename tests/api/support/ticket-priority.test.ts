// Who sets a ticket's priority: staff (PUT /api/admin/tickets/{id}/priority). A user's
// `priority` when opening a ticket is accepted for older apps and ignored: every new
// ticket starts at medium.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/support/tickets/route";
import { GET as getRoute } from "@/app/api/support/tickets/[id]/route";
import { PUT as priorityRoute } from "@/app/api/admin/tickets/[id]/priority/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { makeAdmin } from "../../support/orders";

const IP = "198.51.100.63";
let owner: RegisteredUser;
let admin: RegisteredUser;

beforeAll(async () => {
  owner = await registerUser({ name: "Lotte Mulder" });
  admin = await registerUser({ name: "Beheerder" });
  await makeAdmin(admin);
});

async function open(json: Record<string, unknown> = {}) {
  const res = await call(createRoute, { token: owner.token, ip: IP, json: { subject: "Account geblokkeerd?", message: "Ik kan niet inloggen.", ...json } });
  expect(res.status).toBe(201);
  return res.body;
}

const setPriority = (user: RegisteredUser, id: string, how: { query?: string; json?: Record<string, unknown> }) =>
  call(priorityRoute, {
    token: user.token,
    ip: IP,
    method: "PUT",
    params: { id },
    path: `/api/admin/tickets/${id}/priority${how.query ? `?priority=${how.query}` : ""}`,
    ...(how.json ? { json: how.json } : {}),
  });

describe("a user's priority", () => {
  it("is accepted and ignored: the ticket starts at medium", async () => {
    for (const priority of ["urgent", "low", "sky-high", 3]) {
      const ticket = await open({ priority });
      expect(ticket.priority).toBe("medium");
      expect((await db.supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).priority).toBe("medium");
    }
  });
});

describe("staff set the priority", () => {
  it("with ?priority= or a JSON body; the owner sees it and the audit log keeps it", async () => {
    const ticket = await open();
    const high = await setPriority(admin, ticket.id, { query: "high" });
    expect(high.status).toBe(200);
    expect(high.body).toMatchObject({ message: "Priority updated", ticket: { id: ticket.id, priority: "high" } });
    const urgent = await setPriority(admin, ticket.id, { json: { priority: "urgent" } });
    expect(urgent.body.ticket.priority).toBe("urgent");

    const seen = await call(getRoute, { token: owner.token, ip: IP, params: { id: ticket.id } });
    expect(seen.body.ticket.priority).toBe("urgent");
    const audit = await db.auditLogEntry.findMany({ where: { targetId: ticket.id, action: "ticket.priority" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.after)).toEqual([{ priority: "high" }, { priority: "urgent" }]);
  });

  it("refuses an unknown or missing priority with 422 and changes nothing", async () => {
    const ticket = await open();
    for (const how of [{ query: "sky-high" }, {}]) {
      const res = await setPriority(admin, ticket.id, how);
      expect(res.status).toBe(422);
    }
    expect((await db.supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).priority).toBe("medium");
  });

  it("is for admins only; an unknown ticket is 404", async () => {
    const ticket = await open();
    const byOwner = await setPriority(owner, ticket.id, { query: "urgent" });
    expect(byOwner.status).toBe(403);
    expect((await db.supportTicket.findUniqueOrThrow({ where: { id: ticket.id } })).priority).toBe("medium");
    const unknown = await setPriority(admin, crypto.randomUUID(), { query: "high" });
    expect(unknown.status).toBe(404);
  });
});
