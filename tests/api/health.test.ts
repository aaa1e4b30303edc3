import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import packageJson from "@/package.json" with { type: "json" };
import { call } from "../support/http";

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
});
