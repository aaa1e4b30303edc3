// The demo seed gives the admin area something to show: open tickets, a dispute in the
// queue and an open report, all readable through the admin API by the demo admin.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as disputes } from "@/app/api/admin/disputes/route";
import { GET as reports } from "@/app/api/admin/reports/route";
import { GET as tickets } from "@/app/api/admin/tickets/route";
import { getDb } from "@/lib/platform/db/client";
import { createLocalStorage } from "@/lib/platform/storage/local";
import { demoLogins, seedDemoData } from "@/prisma/seed";
import { call } from "../../support/http";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "kringwaar-seed-support-"));
process.env.UPLOADS_DIR = uploadsDir;

it("seeds tickets, a dispute and a report that the demo admin sees", async () => {
  const seeded = await seedDemoData(getDb(), createLocalStorage(uploadsDir));
  expect(seeded.seeded).toBe(true);
  const admin = demoLogins().find((l) => l.role === "admin")!;
  const res = await call(login, { ip: "10.9.0.7", json: { email: admin.email, password: admin.password } });
  const token = res.body.access_token as string;
  const open = await call(tickets, { token, ip: "10.9.0.7", path: "/api/admin/tickets?status=open" });
  expect(open.body.length).toBeGreaterThanOrEqual(2);
  const queue = await call(disputes, { token, ip: "10.9.0.7" });
  expect(queue.body).toHaveLength(1);
  expect(queue.body[0].dispute_notes).toContain("beschadigd");
  const notices = await call(reports, { token, ip: "10.9.0.7", path: "/api/admin/reports?status=open" });
  expect(notices.body).toHaveLength(1);
  expect(notices.body[0].target.title).toBeTruthy();
});
