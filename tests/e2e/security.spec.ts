// Hardening: every main page renders and hydrates under the nonce-based
// Content Security Policy with no violation, in Chromium, signed out and signed in,
// including the maps and the test checkout; the nonce is fresh per request and on every
// script; a wrong /api method is JSON 405; the client address is the one the trusted
// proxy recorded (this server trusts one hop: playwright.config.ts), never what a client
// wrote before it.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { open, settle } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Csp-wachtwoord-1";

type Account = { email: string; token: string; id: string };
let ipCounter = 0;

async function account(request: APIRequestContext, name: string): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${stamp}@example.nl`;
  ipCounter += 1;
  const res = await request.post("/api/auth/register", {
    data: { name, email, password: PASSWORD },
    headers: { "x-forwarded-for": `203.0.113.${40 + ipCounter}` },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { email, token: body.access_token, id: body.user.id };
}

async function listProduct(request: APIRequestContext, seller: Account, title: string): Promise<string> {
  const auth = { authorization: `Bearer ${seller.token}` };
  const raw = Buffer.alloc(32 * 24 * 3, 0x5a);
  const image = await sharp(raw, { raw: { width: 32, height: 24, channels: 3 } }).png().toBuffer();
  const upload = await request.post("/api/upload-image", {
    headers: auth,
    multipart: { file: { name: "foto.png", mimeType: "image/png", buffer: image } },
  });
  expect(upload.status()).toBe(201);
  const located = await (await request.post("/api/geocode", { headers: auth, data: { address: "Neude 11, Utrecht" } })).json();
  const created = await request.post("/api/products", {
    headers: auth,
    data: {
      title,
      description: `${title}, netjes en goed werkend.`,
      price: 35,
      category: "Fietsen",
      condition: "good",
      images: [(await upload.json()).url],
      location_id: located.location_id,
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as string;
}

/**
 * Collects CSP violations of every document the page opens: the DOM's
 * securitypolicyviolation events and Chromium's console reports.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__kwCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __kwCspViolation: (text: string) => void }).__kwCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return violations;
}

/** Opens a page and waits until Next's client runtime has started (scripts ran). */
async function visit(page: Page, url: string) {
  const response = await open(page, url);
  expect(response?.headers()["content-security-policy"], url).toContain("'strict-dynamic'");
  await page.waitForFunction(() => Boolean((window as unknown as { next?: { version?: string } }).next?.version));
  await settle(page);
}

let seller: Account;
let buyer: Account;
let product: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  seller = await account(request, "Csp Verkoper");
  buyer = await account(request, "Csp Koper");
  product = await listProduct(request, seller, `Gazelle damesfiets ${stamp}`);
});

test("each page gets its own nonce, and every script carries it", async ({ request }) => {
  const nonces: string[] = [];
  for (const url of ["/", "/browse", `/product/${product}`]) {
    const res = await request.get(url);
    expect(res.status()).toBe(200);
    const policy = res.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce, url).toBeTruthy();
    nonces.push(nonce!);
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(3);
    for (const tag of scripts) {
      // Data blocks (JSON-LD) do not run and need none.
      if (/type="application\/ld\+json"/.test(tag)) continue;
      expect(tag, url).toContain(`nonce="${nonce}"`);
    }
  }
  expect(new Set(nonces).size).toBe(nonces.length);
  // A page's own headers are on the page, not on the build's scripts (nosniff is on both).
  const page = await request.get("/");
  expect(page.headers()["x-frame-options"]).toBe("DENY");
  expect(page.headers()["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=(self)");
  // One of the scripts the page loads, as Next wrote its tag.
  const src = /<script[^>]* src="(\/_next\/static\/[^"]+)"/.exec(await page.text())?.[1];
  const script = await request.get(src!);
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(script.headers()["x-frame-options"]).toBeUndefined();
  expect(script.headers()["permissions-policy"]).toBeUndefined();
  // A page opened on http:// is not told to stay on https.
  expect((await request.get("/")).headers()["strict-transport-security"]).toBeUndefined();
});

test("signed out, the main pages and the maps run with no CSP violation", async ({ page, request }) => {
  const violations = await watchCsp(page);
  const sellerId = (await (await request.get(`/api/products/${product}`)).json()).seller_id as string;
  const urls = [
    "/",
    "/browse",
    "/browse?view=map",
    "/categories",
    `/product/${product}`,
    `/seller/${sellerId}`,
    "/how-it-works",
    "/faq",
    "/contact",
    "/privacy",
    "/terms",
    "/e2e/products-map",
    "/e2e/location-picker",
    "/e2e/item-location",
  ];
  for (const url of urls) await visit(page, url);
  await expect(page.getByTestId("item-location-map")).toHaveAttribute("data-map-status", "loaded");
  await visit(page, "/browse?view=map");
  await expect(page.getByTestId("products-map-canvas")).toHaveAttribute("data-map-status", "loaded");
  // The login dialog, loaded on demand, works too.
  await page.getByTestId("header-join").click();
  await expect(page.getByTestId("login-email")).toBeVisible();
  expect(violations).toEqual([]);
});

test("signed in: the account pages and the test checkout run with no CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  await visit(page, "/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(buyer.email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  for (const url of ["/dashboard", "/orders", "/cart", "/messages", "/wishlist", "/notifications", "/support"]) {
    await visit(page, url);
  }
  await visit(page, "/sell");
  await expect(page.getByTestId("location-picker-map")).toHaveAttribute("data-map-status", "loaded");

  await visit(page, `/product/${product}`);
  await page.getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_testmode_/);
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await page.getByTestId("test-pay").click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_testmode_/);
  await expect(page.getByTestId("payment-success")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the admin pages run with no CSP violation", async ({ page }) => {
  const violations = await watchCsp(page);
  await visit(page, "/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill("admin@kringwaar.nl");
  await page.getByTestId("login-password").fill("Kringwaar2026!");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  for (const url of ["/admin", "/admin/users", "/admin/products", "/admin/reports", "/admin/tickets", "/admin/disputes", "/admin/audit"]) {
    await visit(page, url);
  }
  expect(violations).toEqual([]);
});

test("a wrong method on an /api route is JSON 405 with Allow", async ({ request }) => {
  for (const [method, url, allow] of [
    ["DELETE", "/api/health", "GET, HEAD, OPTIONS"],
    ["GET", "/api/auth/login", "OPTIONS, POST"],
    ["PATCH", `/api/products/${product}`, "DELETE, GET, HEAD, OPTIONS, PUT"],
  ] as const) {
    const res = await request.fetch(url, { method });
    expect(res.status(), `${method} ${url}`).toBe(405);
    expect(res.headers()["allow"]).toBe(allow);
    expect(await res.json()).toEqual({ detail: "Method not allowed", code: "method_not_allowed" });
  }
});

test("the address the trusted proxy recorded counts; what the client wrote before it does not", async ({ request }) => {
  const target = await account(request, "Csp Doelwit");
  const attempt = (forwarded: string, password = "fout-wachtwoord") =>
    request.post("/api/auth/login", { data: { email: target.email, password }, headers: { "x-forwarded-for": forwarded } });
  for (let i = 0; i < 5; i++) {
    // A different made-up address each time, then the one the proxy (the test runner) saw.
    expect((await attempt(`198.18.9.${i + 1}, 203.0.113.77`)).status()).toBe(401);
  }
  expect((await attempt("198.18.9.99, 203.0.113.77", PASSWORD)).status()).toBe(429);
  expect((await attempt("198.18.9.99, 203.0.113.78", PASSWORD)).status()).toBe(200);
});
