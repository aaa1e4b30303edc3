// Abuse resistance of the route wrapper (docs/architecture.md):
// oversized bodies and query strings are refused before they are read, hostile text is
// refused or cleaned in one place, names may not imitate staff, and a database outage is
// a 503 with Retry-After rather than a 500.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST as loginRoute } from "@/app/api/auth/login/route";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { GET as productsRoute, POST as createProductRoute } from "@/app/api/products/route";
import { PUT as updateMe } from "@/app/api/users/me/route";
import { isDatabaseOutage, MAX_JSON_BYTES, route } from "@/lib/domains/route";
import { db } from "@/lib/platform/db/client";
import { call, ORIGIN } from "../../support/http";
import { countingBody } from "../../support/counting-body";
import { registerUser } from "../../support/factories";

const IP = "198.51.100.121";

function rawRequest(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, ORIGIN), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": IP, host: "localhost:3000", ...headers },
    body,
    duplex: "half",
  });
}

describe("oversized requests", () => {
  it("refuses a 100 MB JSON body to /api/auth/login after reading at most 64 KB and a chunk", async () => {
    const body = countingBody(100 * 1024 * 1024);
    const started = performance.now();
    const res = await loginRoute(rawRequest("/api/auth/login", body.stream), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe("Request body too large (at most 64 KB)");
    expect(body.pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * 64 * 1024);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("refuses a body whose Content-Length is too large without reading any of it", async () => {
    const body = countingBody(10 * 1024 * 1024);
    const res = await loginRoute(rawRequest("/api/auth/login", body.stream, { "content-length": String(10 * 1024 * 1024) }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses a query string over 4,096 characters with 414", async () => {
    const res = await call(productsRoute, { ip: IP, path: `/api/products?search=${"a".repeat(5000)}` });
    expect(res.status).toBe(414);
  });
});

describe("hostile text", () => {
  it("answers 422 to NUL and lone surrogates anywhere, and stores nothing", async () => {
    const before = await db.user.count();
    const nul = await call(registerRoute, { ip: IP, json: { name: "Jan\u0000Jansen", email: "nul@example.nl", password: "Wachtwoord-123" } });
    expect(nul.status).toBe(422);
    expect(nul.body.code).toBe("invalid_characters");
    const surrogate = await call(registerRoute, {
      ip: IP,
      body: '{"name":"Jan \\ud800","email":"surrogaat@example.nl","password":"Wachtwoord-123"}',
      headers: { "content-type": "application/json" },
    });
    expect(surrogate.status).toBe(422);
    expect(await db.user.count()).toBe(before);
    expect((await call(productsRoute, { ip: IP, path: "/api/products?search=%00" })).status).toBe(422);
  });

  it("takes zero-width and direction-changing characters out of names and titles; nothing left is 'required'", async () => {
    const onlyInvisible = await call(registerRoute, { ip: IP, json: { name: "\u200b\u200d\u2060", email: "leeg@example.nl", password: "Wachtwoord-123" } });
    expect(onlyInvisible.status).toBe(422);
    expect(onlyInvisible.body.detail).toBe("Name is required");
    const flipped = await call(registerRoute, { ip: "198.51.100.122", json: { name: "Piet\u202e Puk\u200b", email: "omgedraaid@example.nl", password: "Wachtwoord-123" } });
    expect(flipped.status).toBe(201);
    expect(flipped.body.user.name).toBe("Piet Puk");
    // NFC: "é" as e + combining accent is stored as one character.
    const seller = await registerUser({ name: "Re\u0301my" });
    expect((await db.user.findUniqueOrThrow({ where: { id: seller.id } })).name).toBe("R\u00e9my");
    const title = await call(createProductRoute, { ip: IP, token: seller.token, json: { title: "\u200b\u200b", description: "x", price: 5, category: "Fietsen", condition: "good", images: [], location_id: "x" } });
    expect(title.status).toBe(422);
  });

  it("refuses names that imitate staff, unless the account is an admin", async () => {
    for (const [i, name] of ["Kringwaar", "Admin", "Support Team", "Admin\u202eKringwaar", "kring waar helpdesk"].entries()) {
      const res = await call(registerRoute, { ip: `198.51.100.${130 + i}`, json: { name, email: `staf${i}@example.nl`, password: "Wachtwoord-123" } });
      expect(res.status, name).toBe(422);
    }
    const user = await registerUser({ name: "Gewone Gebruiker" });
    const renamed = await call(updateMe, { ip: IP, token: user.token, method: "PUT", json: { name: "Kringwaar Support Team" } });
    expect(renamed.status).toBe(422);
    await db.user.update({ where: { id: user.id }, data: { isAdmin: true } });
    expect((await call(updateMe, { ip: IP, token: user.token, method: "PUT", json: { name: "Kringwaar Support Team" } })).status).toBe(200);
  });
});

describe("a database outage", () => {
  it("is a 503 with Retry-After and a plain detail, not a 500", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const wrapped = new Error("Driver adapter error", { cause: refused });
    expect(isDatabaseOutage(wrapped)).toBe(true);
    expect(isDatabaseOutage(new Error("Something else"))).toBe(false);
    const handler = route({ auth: "public", handler: async () => Promise.reject(wrapped) });
    const res = await call(handler, { ip: IP });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ detail: "Service temporarily unavailable" });
    expect(res.headers.get("retry-after")).toBe("5");
  });
});
