// Demo data on a named database (scripts/start.ts with SEED_DEMO_DATA=true): the demo
// accounts get the generated password they are given, never the published one.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/lib/platform/db/client";
import { createLocalStorage } from "@/lib/platform/storage/local";
import { DEMO_PASSWORD } from "@/prisma/seed-data";
import { seedDemoData } from "@/prisma/seed";
import { call } from "../../support/http";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "kringwaar-seed-pw-"));
process.env.UPLOADS_DIR = uploadsDir;

describe("demo data with a generated password", () => {
  it("the demo admin signs in with the generated password only", async () => {
    const generated = "Gegenereerd-4f9Kq2xZ";
    const result = await seedDemoData(getDb(), createLocalStorage(uploadsDir), { password: generated });
    expect(result.seeded).toBe(true);
    const admin = result.logins.find((l) => l.role === "admin")!;
    expect(admin.password).toBe(generated);
    const published = await call(login, { ip: "10.9.0.1", json: { email: admin.email, password: DEMO_PASSWORD } });
    expect(published.status).toBe(401);
    const ok = await call(login, { ip: "10.9.0.2", json: { email: admin.email, password: generated } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.is_admin).toBe(true);
  });
});
