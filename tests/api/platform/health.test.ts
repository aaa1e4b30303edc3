import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { getDb } from "@/lib/platform/db/client";
import { HEALTH_TIMEOUT_MS } from "@/lib/platform/db/health";
import packageJson from "@/package.json" with { type: "json" };
import { call } from "../../support/http";

describe("GET /api/health", () => {
  it("reports a reachable database and the app version", async () => {
    const res = await call(health);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("ok");
    expect(res.body.version).toBe(packageJson.version);
    expect(res.body.database.ok).toBe(true);
    // The database server's version is not told to the public.
    expect(res.body.database).not.toHaveProperty("server_version");
    expect(JSON.stringify(res.body)).not.toMatch(/PostgreSQL|server_version/);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  afterEach(() => vi.restoreAllMocks());

  it("answers 503 {detail} within its timeout when the database does not answer", async () => {
    // A database that accepts the query and never answers (a hung host or a full pool).
    vi.spyOn(getDb(), "$queryRaw").mockReturnValue(new Promise(() => undefined) as never);
    const started = Date.now();
    const res = await call(health);
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ detail: "Database unavailable", status: "degraded", database: { ok: false, error: "Database unreachable" } });
    expect(res.headers.get("retry-after")).toBe("5");
  });
});
