// Hardening: the client address comes from the socket (scripts/server.ts), a
// wrong method on an /api route is JSON 405 with Allow (proxy.ts), pages carry a
// nonce-based Content Security Policy, and HSTS only where the site is https.
import { readFileSync } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { clientIp } from "@/lib/platform/api/client-ip";
import { resetEnvCache } from "@/lib/platform/env";
import { tagsChangedBy } from "@/lib/domains/catalog/page-cache";
import { contentSecurityPolicy, HSTS_VALUE, strictTransportSecurity } from "@/lib/platform/security/headers";
import { proxy } from "@/proxy";
import { GENERATED_FILE, HTTP_METHODS, renderRouteModules, renderTable, ROUTE_MODULES_FILE, scanApiRoutes } from "@/scripts/api-methods";
import { createAppServer } from "@/scripts/server";
import { registerUser } from "../../support/factories";

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  delete process.env.TRUST_PROXY_HOPS;
  resetEnvCache();
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Our server in front of a handler that shows what the app would see. */
async function echoServer(hops: number): Promise<string> {
  return listen(
    createAppServer((req, res) => {
      const headers = new Headers(req.headers as Record<string, string>);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ headers: req.headers, ip: clientIp(headers, hops) }));
    }, hops),
  );
}

/** Our server in front of the real login route handler (as Next would call it). */
async function loginServer(hops: number): Promise<string> {
  process.env.TRUST_PROXY_HOPS = String(hops);
  resetEnvCache();
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const request = new NextRequest(new URL(req.url ?? "/", "http://localhost:3000"), {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
    });
    const response = await login(request, { params: Promise.resolve({}) });
    res.statusCode = response.status;
    response.headers.forEach((value, key) => res.setHeader(key, value));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  return listen(createAppServer((req, res) => void handler(req, res), hops));
}

async function attempt(base: string, email: string, password: string, forwarded?: string): Promise<number> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(forwarded ? { "x-forwarded-for": forwarded } : {}) },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe("the client address comes from the socket", () => {
  it("with TRUST_PROXY_HOPS=0 a client's X-Forwarded-For, X-Real-IP and Forwarded are replaced by the socket's address", async () => {
    const base = await echoServer(0);
    const res = await fetch(`${base}/`, {
      headers: {
        "x-forwarded-for": "6.6.6.6",
        "x-real-ip": "6.6.6.7",
        forwarded: "for=6.6.6.8",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
    });
    const seen = (await res.json()) as { headers: Record<string, string>; ip: string };
    expect(seen.ip).toBe("127.0.0.1");
    expect(seen.headers["x-forwarded-for"]).toBe("127.0.0.1");
    expect(seen.headers["x-real-ip"]).toBeUndefined();
    expect(seen.headers.forwarded).toBeUndefined();
    expect(seen.headers["x-forwarded-host"]).toBeUndefined();
    expect(seen.headers["x-forwarded-proto"]).toBeUndefined();
  });

  it("with TRUST_PROXY_HOPS=N exactly the N entries nearest to us are believed", async () => {
    const one = await echoServer(1);
    const viaOne = (await (await fetch(one, { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.5" } })).json()) as {
      headers: Record<string, string>;
      ip: string;
    };
    expect(viaOne.headers["x-forwarded-for"]).toBe("203.0.113.5, 127.0.0.1");
    expect(viaOne.ip).toBe("203.0.113.5");

    const two = await echoServer(2);
    const viaTwo = (await (await fetch(two, { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.1" } })).json()) as {
      headers: Record<string, string>;
      ip: string;
    };
    expect(viaTwo.headers["x-forwarded-for"]).toBe("203.0.113.5, 10.0.0.1, 127.0.0.1");
    expect(viaTwo.ip).toBe("203.0.113.5");
    // A request that came past the proxies (no header at all) is the socket's.
    const direct = (await (await fetch(two)).json()) as { ip: string };
    expect(direct.ip).toBe("127.0.0.1");
  });

  it("a spoofed X-Forwarded-For does not escape the login limit per address (TRUST_PROXY_HOPS=0)", async () => {
    const base = await loginServer(0);
    const user = await registerUser({ email: "spoof-0@example.nl", password: "juist-wachtwoord" });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(base, user.email, `fout-${i}`, `198.18.0.${i + 1}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Five failures from "five addresses" were five from this one socket: it waits.
    expect(await attempt(base, user.email, user.password, "198.18.0.99")).toBe(429);
    expect(await attempt(base, user.email, user.password)).toBe(429);
  });

  it("behind one trusted proxy the address it recorded counts, not what the client wrote before it", async () => {
    const base = await loginServer(1);
    const user = await registerUser({ email: "spoof-1@example.nl", password: "juist-wachtwoord" });
    for (let i = 0; i < 5; i++) {
      // The client writes a different address each time; the proxy appends the real one.
      expect(await attempt(base, user.email, `fout-${i}`, `198.18.1.${i + 1}, 203.0.113.7`)).toBe(401);
    }
    expect(await attempt(base, user.email, user.password, "198.18.1.99, 203.0.113.7")).toBe(429);
    // Another client behind the same proxy is not locked out.
    expect(await attempt(base, user.email, user.password, "198.18.1.7, 203.0.113.8")).toBe(200);
  });
});

function request(method: string, pathname: string, headers: Record<string, string> = {}): NextRequest {
  return new NextRequest(new URL(pathname, "http://localhost:3000"), { method, headers });
}

describe("keep-alive", () => {
  it("an idle connection is still open after 7 s (Node's default closes it at 5–6 s), so a client reusing it is not reset", async () => {
    const base = new URL(await echoServer(0));
    const socket = connect(Number(base.port), base.hostname);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    const request = "GET /one HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n";
    const answers = () => received.match(/HTTP\/1\.1 200 /g)?.length ?? 0;
    const until = async (n: number) => {
      while (answers() < n) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    socket.write(request);
    await until(1);
    // Node's default keepAliveTimeout (5 s, and the second it adds) would have closed it by now.
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect(socket.destroyed || socket.readyState !== "open").toBe(false);
    socket.write(request.replace("/one", "/two"));
    await until(2);
    socket.destroy();
  }, 15_000);
});

describe("a wrong method on an /api route", () => {
  it.each([
    ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
    ["GET", "/api/auth/login", "OPTIONS, POST"],
    ["PATCH", "/api/products", "GET, HEAD, OPTIONS, POST"],
    ["POST", "/api/products/7f4e1c2a-0000-4000-8000-000000000000", "DELETE, GET, HEAD, OPTIONS, PUT"],
    ["GET", "/api/admin/users/7f4e1c2a-0000-4000-8000-000000000000/ban", "OPTIONS, PUT"],
    ["GET", "/api/payments/test-checkout/sess_1/pay", "OPTIONS, POST"],
    ["DELETE", "/api/wishlist/check/abc", "GET, HEAD, OPTIONS"],
    ["PUT", "/api/auth/session", "GET, HEAD, OPTIONS, POST"],
  ])("%s %s is JSON 405 with Allow: %s", async (method, pathname, allow) => {
    const res = proxy(request(method, pathname));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe(allow);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ detail: "Method not allowed", code: "method_not_allowed" });
  });

  it.each([
    ["GET", "/api/products"],
    ["HEAD", "/api/health"],
    ["OPTIONS", "/api/auth/login"],
    ["POST", "/api/payments/test-checkout/sess_1/pay"],
    ["GET", "/api/payments/test-checkout/sess_1"],
    // No route claims it: the catch-all's JSON 404 answers, whatever the method.
    ["DELETE", "/api/no/such/thing"],
  ])("%s %s goes on to the route", (method, pathname) => {
    const res = proxy(request(method, pathname));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });

  it("the method table is current and matches what every route module exports", async () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(renderTable(scanApiRoutes()));
    expect(readFileSync(ROUTE_MODULES_FILE, "utf8")).toBe(renderRouteModules(scanApiRoutes()));
    for (const [pattern, methods] of scanApiRoutes()) {
      const file = path.join(process.cwd(), "app", `${pattern}/route.ts`);
      const mod = (await import(file)) as Record<string, unknown>;
      const exported = HTTP_METHODS.filter((m) => typeof mod[m] === "function");
      expect({ pattern, methods: exported }).toEqual({ pattern, methods });
    }
  }, 120_000);
});

function cspOf(res: Response): { policy: string; nonce: string } {
  const policy = res.headers.get("content-security-policy") ?? "";
  return { policy, nonce: /'nonce-([^']+)'/.exec(policy)?.[1] ?? "" };
}

describe("Content Security Policy", () => {
  it("every page gets a fresh nonce per request, which Next reads from the request's policy", async () => {
    const first = proxy(request("GET", "/"));
    const second = proxy(request("GET", "/"));
    const a = cspOf(first);
    expect(a.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(cspOf(second).nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(cspOf(second).nonce).not.toBe(a.nonce);
    // Next reads the nonce from the request's policy header (forwarded as x-middleware-request-*).
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(a.policy);
    expect(first.headers.get("x-middleware-request-x-kringwaar-path")).toBe("/");
    expect(a.policy).toContain(`script-src 'nonce-${a.nonce}' 'strict-dynamic'`);
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"]) {
      expect(a.policy).toContain(directive);
    }
    expect(a.policy).not.toContain("unsafe-eval");
    expect(a.policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("a client cannot choose the nonce", () => {
    const res = proxy(request("GET", "/", { "x-nonce": "chosen", "content-security-policy": "script-src *" }));
    const { nonce, policy } = cspOf(res);
    expect(nonce).not.toBe("chosen");
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  });

  const base = {
    NODE_ENV: "production" as const,
    APP_URL: "http://localhost:3000",
    STORAGE_DRIVER: "local" as const,
    S3_PUBLIC_URL: undefined,
    GOOGLE_MAPS_BROWSER_KEY: undefined,
    STRIPE_SECRET_KEY: undefined,
  };
  const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

  it("allows other hosts only for what is configured", () => {
    const plain = contentSecurityPolicy("n", base);
    expect(directive(plain, "img-src")).toBe("img-src 'self' data: blob: https://service.pdok.nl");
    expect(directive(plain, "connect-src")).toBe("connect-src 'self'");
    expect(directive(plain, "frame-src")).toBe("frame-src 'none'");
    expect(plain).not.toMatch(/google|stripe|upgrade-insecure-requests/);

    const s3 = contentSecurityPolicy("n", { ...base, STORAGE_DRIVER: "s3", S3_PUBLIC_URL: "https://cdn.kringwaar.nl/beelden" });
    expect(directive(s3, "img-src")).toContain("https://cdn.kringwaar.nl");
    expect(directive(s3, "img-src")).not.toContain("/beelden");

    const google = contentSecurityPolicy("n", { ...base, GOOGLE_MAPS_BROWSER_KEY: "key" });
    expect(directive(google, "img-src")).toContain("https://*.googleapis.com");
    expect(directive(google, "connect-src")).toContain("https://*.googleapis.com");
    expect(directive(google, "frame-src")).toContain("https://*.google.com");

    const stripe = contentSecurityPolicy("n", { ...base, STRIPE_SECRET_KEY: "sk_test_x" });
    expect(directive(stripe, "form-action")).toBe("form-action 'self' https://checkout.stripe.com https://connect.stripe.com");
    expect(stripe).not.toMatch(/google/);

    expect(contentSecurityPolicy("n", { ...base, APP_URL: "https://kringwaar.nl" })).toContain("upgrade-insecure-requests");
    expect(directive(contentSecurityPolicy("n", { ...base, NODE_ENV: "development" }), "script-src")).toContain("'unsafe-eval'");
  });
});

describe("HSTS", () => {
  it("only in production when the site is https", () => {
    expect(strictTransportSecurity({ NODE_ENV: "production", APP_URL: "https://kringwaar.nl" })).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(strictTransportSecurity({ NODE_ENV: "production", APP_URL: "http://localhost:3000" })).toBeUndefined();
    expect(strictTransportSecurity({ NODE_ENV: "development", APP_URL: "https://kringwaar.nl" })).toBeUndefined();
  });

  it("proxy.ts sends it on pages and API answers of an https production site, not on the http default", () => {
    expect(proxy(request("GET", "/")).headers.get("strict-transport-security")).toBeNull();
    const saved = { NODE_ENV: process.env.NODE_ENV, APP_URL: process.env.APP_URL };
    try {
      Object.assign(process.env, { NODE_ENV: "production", APP_URL: "https://kringwaar.nl" });
      resetEnvCache();
      expect(proxy(request("GET", "/")).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
      expect(proxy(request("GET", "/api/health")).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
      expect(proxy(request("DELETE", "/api/health")).headers.get("strict-transport-security")).toBe(HSTS_VALUE);
      expect(cspOf(proxy(request("GET", "/"))).policy).toContain("upgrade-insecure-requests");
    } finally {
      Object.assign(process.env, saved);
      resetEnvCache();
    }
  });
});

describe("pages are served per language from the cookie, without a locale in the URL", () => {
  it.each([
    ["/", "", "/nl"],
    ["/browse", "", "/nl/browse"],
    ["/browse", "?_rsc=abc", "/nl/browse"],
    ["/browse", "?search=fiets", "/nl/browse/results"],
    ["/seller/7f4e1c2a-0000-4000-8000-000000000000", "", "/nl/seller/7f4e1c2a-0000-4000-8000-000000000000"],
    ["/seller/7f4e1c2a-0000-4000-8000-000000000000", "?page=2", "/nl/seller/7f4e1c2a-0000-4000-8000-000000000000/more"],
    ["/product/7f4e1c2a-0000-4000-8000-000000000000", "?utm=x", "/nl/product/7f4e1c2a-0000-4000-8000-000000000000"],
  ])("%s%s is served by %s", (pathname, search, route) => {
    const res = proxy(request("GET", pathname + search));
    const rewrite = new URL(res.headers.get("x-middleware-rewrite") ?? "", "http://localhost:3000");
    expect(rewrite.pathname).toBe(route);
    expect(rewrite.search).toBe(search);
    expect(res.headers.get("x-middleware-request-x-next-intl-locale")).toBe("nl");
  });

  it("the language cookie chooses the English pages; anything else is Dutch", () => {
    const en = proxy(request("GET", "/browse", { cookie: "kringwaar_locale=en" }));
    expect(new URL(en.headers.get("x-middleware-rewrite")!).pathname).toBe("/en/browse");
    const odd = proxy(request("GET", "/browse", { cookie: "kringwaar_locale=<script>" }));
    expect(new URL(odd.headers.get("x-middleware-rewrite")!).pathname).toBe("/nl/browse");
  });
});

describe("what a write makes stale on the public pages", () => {
  const product = "7f4e1c2a-0000-4000-8000-000000000001";
  const me = "5a5a5a5a-0000-4000-8000-000000000002";
  it.each([
    ["PUT", `/api/products/${product}`, 200, [`product:${product}`, `seller:${me}`, "catalogue"]],
    ["POST", "/api/products", 201, [`seller:${me}`, "catalogue"]],
    ["PUT", "/api/users/me", 200, [`seller:${me}`, "catalogue"]],
    ["DELETE", "/api/users/me", 200, [`seller:${me}`, "catalogue"]],
    ["POST", `/api/admin/users/${product}/ban`, 200, [`seller:${product}`, "catalogue"]],
    ["POST", "/api/payment/create-checkout", 201, ["public"]],
    ["POST", "/api/reviews/abc/reply", 200, ["public"]],
    ["PUT", "/api/admin/products/abc/feature", 200, ["public"]],
    ["PUT", `/api/products/${product}`, 400, []],
    ["GET", "/api/products", 200, []],
    ["PUT", "/api/users/me/settings", 200, []],
    ["POST", "/api/notifications/mark-all-read", 200, []],
    ["POST", "/api/conversations", 201, []],
    ["POST", "/api/wishlist", 201, []],
    ["POST", "/api/auth/login", 200, []],
  ])("%s %s answered %i: %j", (method, pathname, status, tags) => {
    expect(tagsChangedBy(method, pathname, status, me)).toEqual(tags);
  });
});
