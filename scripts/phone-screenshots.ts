/**
 * Screenshots of the main phone screens (docs/phone.md), in Debian's Chromium at
 * 390×844 with touch, against a running server with the demo data:
 *
 *   npx tsx scripts/phone-screenshots.ts docs/phone/after [http://localhost:3000]
 *
 * Signs in as the demo users with the published demo password (`npm start` on the
 * embedded database, or the test build on PostgreSQL). Writes one PNG per screen, named
 * by the screen, and overwrites earlier ones. Not a test: it asserts nothing but that each
 * page answered.
 */
import { chromium, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";

const [outDir = "docs/phone/after", baseURL = process.env.BASE_URL ?? "http://localhost:3000"] = process.argv.slice(2);
const PASSWORD = process.env.DEMO_PASSWORD ?? "Kringwaar2026!";
const BUYER = "sanne.devries@example.nl";
const ADMIN = "admin@kringwaar.nl";

async function shoot(page: Page, name: string, url?: string): Promise<void> {
  if (url) {
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status()}`);
  }
  // Images and lazy parts have arrived, the session is restored, skeletons and toasts are gone.
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[data-slot="skeleton"], .animate-pulse, .animate-spin, [data-sonner-toast]'), undefined, { timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
  console.log(`  ${name}.png`);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto("/", { waitUntil: "load" });
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await page.getByTestId("header-welcome").waitFor();
}

/** The demo buyer asks about another seller's listing, so /messages has a conversation to show. */
async function startConversation(base: string): Promise<void> {
  const login = await fetch(new URL("/api/auth/login", base), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: BUYER, password: PASSWORD }),
  });
  const { access_token: token, user } = (await login.json()) as { access_token: string; user: { id: string } };
  const products = (await (await fetch(new URL("/api/products?limit=20", base))).json()) as { id: string; seller_id: string }[];
  const other = products.find((product) => product.seller_id !== user.id);
  if (!other) return;
  await fetch(new URL("/api/conversations", base), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ product_id: other.id, recipient_id: other.seller_id, initial_message: "Hoi! Is dit nog te koop?" }),
  });
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, baseURL, locale: "nl-NL" };
  try {
    const products = (await (await fetch(new URL("/api/products?limit=5", baseURL))).json()) as { id: string }[];
    const productId = products[0]?.id;

    const visitor = await browser.newContext(phone);
    const page = await visitor.newPage();
    await shoot(page, "home", "/");
    await shoot(page, "browse", "/browse");
    if (productId) await shoot(page, "product", `/product/${productId}`);
    await page.goto("/", { waitUntil: "load" });
    await page.getByTestId("header-join").click();
    await shoot(page, "login");
    await visitor.close();

    const buyer = await browser.newContext(phone);
    const signedIn = await buyer.newPage();
    await signIn(signedIn, BUYER);
    await shoot(signedIn, "home-signed-in", "/");
    await shoot(signedIn, "sell", "/sell");
    await startConversation(baseURL);
    await shoot(signedIn, "messages", "/messages");
    await signedIn.locator('[data-testid="conversation-item"]').first().click().catch(() => undefined);
    await shoot(signedIn, "chat");
    await shoot(signedIn, "orders", "/orders");
    await shoot(signedIn, "support", "/support");
    await shoot(signedIn, "profile", "/dashboard");
    await buyer.close();

    const admin = await browser.newContext(phone);
    const adminPage = await admin.newPage();
    await signIn(adminPage, ADMIN);
    await shoot(adminPage, "admin", "/admin");
    await shoot(adminPage, "admin-users", "/admin/users");
    await shoot(adminPage, "admin-audit", "/admin/audit");
    await admin.close();
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
