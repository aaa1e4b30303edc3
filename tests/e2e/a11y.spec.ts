// Accessibility as a gate: axe-core scans every page in both languages,
// signed out, signed in as a buyer/seller and as the admin, with the login/register
// dialog open too. Zero violations of any impact under WCAG 2.0/2.1 A and AA plus axe's
// best practices. One page load and one scan per (page, language, role); each role logs
// in once. A failure lists, per page, the rule, its impact and the elements to fix.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { clickFreeMarker, signIn as login, open, settle } from "./helpers";

const LANGS = ["nl", "en"] as const;
type Lang = (typeof LANGS)[number];
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const ADMIN = { email: "admin@kringwaar.nl", password: "Kringwaar2026!" };
const PASSWORD = "Toegankelijk-wachtwoord-1";
const stamp = Date.now();

/** One scan; returns readable lines, one per violation, naming the rule, its impact and the elements. */
async function scan(page: Page, label: string, within?: string): Promise<string[]> {
  // Client parts that fetch after the page load show an aria-busy skeleton or a spinner
  // until then; scan what they load, not the placeholder.
  await expect(page.locator('[aria-busy="true"], [data-slot="spinner"]')).toHaveCount(0);
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  // Only violations are reported back: the passes of every node are not serialised.
  const result = await (within ? builder.include(within) : builder).options({ resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 6)
      .map((n) => `    - ${n.target.join(" ")}${n.failureSummary ? `: ${n.failureSummary.split("\n").slice(1).join(" ").trim()}` : ""}`)
      .join("\n");
    const more = v.nodes.length > 6 ? `\n    … and ${v.nodes.length - 6} more` : "";
    return `${label}: [${v.impact}] ${v.id} — ${v.help} (${v.helpUrl})\n${nodes}${more}`;
  });
}

/** What a page shows once its client parts have loaded, where a scan before that would miss something. */
const READY: [RegExp, string][] = [
  [/^\/messages\?c=/, '[data-testid="message"]'],
  [/^\/product\//, ".leaflet-control-attribution"],
];

/** Opens each path in the page's language and scans it. */
async function scanAll(page: Page, role: string, lang: Lang, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await open(page, path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    for (const [pattern, selector] of READY) {
      if (pattern.test(path)) await expect(page.locator(selector).first()).toBeVisible();
    }
    found.push(...(await scan(page, `${role}/${lang} ${path}`)));
  }
  return found;
}

function report(found: string[]) {
  expect(found, `axe violations:\n\n${found.join("\n\n")}\n`).toEqual([]);
}

async function newPage(browser: Browser, baseURL: string, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB", timezoneId: "Europe/Amsterdam" });
  await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
  await context.addInitScript((value) => localStorage.setItem("kringwaar.locale", value), lang);
  return context.newPage();
}

type Account = { email: string; password: string; token: string; id: string };

async function account(request: APIRequestContext, name: string, ip: number): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${stamp}@example.nl`;
  const res = await request.post("/api/auth/register", {
    data: { name, email, password: PASSWORD },
    headers: { "x-forwarded-for": `198.51.100.${ip}` },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { email, password: PASSWORD, token: body.access_token, id: body.user.id };
}

async function listProduct(request: APIRequestContext, seller: Account, title: string): Promise<string> {
  const auth = { authorization: `Bearer ${seller.token}` };
  const image = await sharp(Buffer.alloc(32 * 24 * 3, 0x7a), { raw: { width: 32, height: 24, channels: 3 } }).png().toBuffer();
  const upload = await request.post("/api/upload-image", { headers: auth, multipart: { file: { name: "foto.png", mimeType: "image/png", buffer: image } } });
  expect(upload.status()).toBe(201);
  const place = await (await request.post("/api/geocode", { headers: auth, data: { address: "Neude 11, Utrecht" } })).json();
  expect(place.success).toBe(true);
  const created = await request.post("/api/products", {
    headers: auth,
    data: { title, description: `${title}, netjes en goed werkend.`, price: 40, category: "Fietsen", condition: "good", images: [(await upload.json()).url], location_id: place.location_id },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as string;
}

/**
 * A buyer who also sells: one own listing and one sold (a sale on the dashboard); a
 * conversation, a saved product and a cart item from another seller's listing; an open
 * test checkout (of a third listing: it reserves what it holds, and the conversation's
 * product stays open to an offer) and a paid order.
 */
async function buyerWithHistory(request: APIRequestContext, lang: Lang) {
  const ip = lang === "nl" ? 20 : 40;
  const seller = await account(request, `Toegankelijk Verkoper ${lang}`, ip);
  const buyer = await account(request, `Toegankelijk Koper ${lang}`, ip + 1);
  const own = await listProduct(request, buyer, `Eigen lamp ${lang} ${stamp}`);
  const wanted = await listProduct(request, seller, `Stoel ${lang} ${stamp}`);
  const bought = await listProduct(request, seller, `Tafel ${lang} ${stamp}`);
  const held = await listProduct(request, seller, `Bank ${lang} ${stamp}`);
  const sold = await listProduct(request, buyer, `Verkochte klok ${lang} ${stamp}`);
  const sellerAuth = { authorization: `Bearer ${seller.token}` };
  const sale = await (await request.post("/api/payment/create-checkout", { headers: sellerAuth, data: { product_id: sold } })).json();
  expect((await request.post(`/api/payments/test-checkout/${sale.session_id}/pay`, { headers: { ...sellerAuth, accept: "application/json" } })).status()).toBe(200);
  const auth = { authorization: `Bearer ${buyer.token}` };
  const started = await request.post("/api/conversations", {
    headers: auth,
    data: { product_id: wanted, recipient_id: seller.id, initial_message: "Is de stoel nog te koop?" },
  });
  expect(started.ok()).toBe(true);
  const conversation = (await started.json()).id as string;
  expect(conversation).toBeTruthy();
  expect((await request.post(`/api/wishlist/${wanted}`, { headers: auth })).ok()).toBe(true);
  expect((await request.post(`/api/cart/add?product_id=${wanted}`, { headers: auth })).ok()).toBe(true);
  const paid = await (await request.post("/api/payment/create-checkout", { headers: auth, data: { product_id: bought } })).json();
  expect((await request.post(`/api/payments/test-checkout/${paid.session_id}/pay`, { headers: { ...auth, accept: "application/json" } })).status()).toBe(200);
  const pending = await (await request.post("/api/payment/create-checkout", { headers: auth, data: { product_id: held } })).json();
  expect(pending.session_id).toBeTruthy();
  return { buyer, own, conversation, paidSession: paid.session_id as string, openSession: pending.session_id as string };
}

for (const lang of LANGS) {
  test(`signed out, every public page and the login/register dialog pass axe (${lang})`, async ({ browser, baseURL, request }) => {
    test.setTimeout(240_000);
    // A demo product with a pickup place, so its page shows the location map.
    const products = (await (await request.get("/api/products?limit=50")).json()) as { id: string; seller_id: string; location_id: string | null }[];
    const product = products.find((p) => p.location_id);
    if (!product) throw new Error("the demo seed has no product with a location");
    const page = await newPage(browser, baseURL!, lang);
    const found = await scanAll(page, "signed-out", lang, [
      "/browse",
      "/categories",
      `/product/${product.id}`,
      `/seller/${product.seller_id}`,
      "/faq",
      "/how-it-works",
      "/contact",
      "/terms",
      "/privacy",
      "/forgot-password",
      "/reset-password?token=0123456789abcdef0123456789abcdef",
      "/confirm-email?token=0123456789abcdef0123456789abcdef",
      "/unsubscribe?token=0123456789abcdef0123456789abcdef",
      "/offline",
      // Pages that need an account show their sign-in prompt.
      "/checkout/test/cs_test_unknown",
    ]);
    // The browse page's map view, with a marker's popup open.
    await open(page, "/browse?view=map");
    await expect(page.getByTestId("products-map-marker").first()).toBeVisible();
    await clickFreeMarker(page);
    await expect(page.getByTestId("products-map-popup")).toBeVisible();
    // Leaflet fades the popup in (0.2 s): scanned halfway, its white link text is blended
    // with the green behind it and axe measures a contrast the settled popup does not have.
    await expect(page.locator(".leaflet-popup")).toHaveCSS("opacity", "1");
    found.push(...(await scan(page, `signed-out/${lang} /browse?view=map (popup open)`)));
    found.push(...(await scanAll(page, "signed-out", lang, ["/"])));
    // The home page, then the login and register dialog opened from its header (only the
    // dialog itself: the page behind it was just scanned).
    await page.getByTestId("header-join").click();
    await expect(page.getByTestId("login-email")).toBeVisible();
    found.push(...(await scan(page, `signed-out/${lang} / (login dialog)`, '[role="dialog"]')));
    await page.getByTestId("tab-register").click();
    await expect(page.getByTestId("register-submit")).toBeVisible();
    found.push(...(await scan(page, `signed-out/${lang} / (register dialog)`, '[role="dialog"]')));
    // The 404 page.
    const missing = await page.goto("/deze-pagina-bestaat-niet");
    expect(missing?.status()).toBe(404);
    await settle(page);
    found.push(...(await scan(page, `signed-out/${lang} 404`)));
    await page.context().close();
    report(found);
  });

  test(`signed in, every account page and dashboard tab pass axe (${lang})`, async ({ browser, baseURL, request }) => {
    test.setTimeout(240_000);
    const data = await buyerWithHistory(request, lang);
    const page = await newPage(browser, baseURL!, lang);
    await login(page, data.buyer);
    const found = await scanAll(page, "buyer", lang, [
      "/sell",
      `/edit-product/${data.own}`,
      "/cart",
      "/wishlist",
      "/orders",
      "/notifications",
      "/support",
      `/payment-success?session_id=${data.paidSession}`,
      `/checkout/test/${data.openSession}`,
      `/messages?c=${data.conversation}`,
    ]);
    // The make-offer dialog on the conversation just scanned.
    await page.getByTestId("make-offer").click();
    await expect(page.getByTestId("offer-amount")).toBeVisible();
    found.push(...(await scan(page, `buyer/${lang} /messages (offer dialog)`, '[role="dialog"]')));
    // The dashboard, once per tab (the tabs switch without a page load).
    await open(page, "/dashboard");
    for (const tab of ["profile", "products", "sales", "orders", "favorites", "messages", "tax", "settings"]) {
      await page.getByTestId(`dashboard-tab-${tab}`).click();
      await expect(page.getByTestId(`dashboard-panel-${tab}`)).toBeVisible();
      found.push(...(await scan(page, `buyer/${lang} /dashboard?tab=${tab}`)));
    }
    await page.context().close();
    report(found);
  });

  test(`the admin pages pass axe (${lang})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser, baseURL!, lang);
    await login(page, ADMIN);
    const found = await scanAll(page, "admin", lang, [
      "/admin",
      "/admin/users",
      "/admin/products",
      "/admin/disputes",
      "/admin/tickets",
      "/admin/reports",
      "/admin/audit",
    ]);
    await page.context().close();
    report(found);
  });
}
