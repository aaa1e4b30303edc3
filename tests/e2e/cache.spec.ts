// Public pages (the home page, /browse, /categories, the product and seller pages and
// the content pages) render per request with a fresh CSP nonce, in the visitor's
// language, from data cached by tag (lib/domains/catalog/page-cache.ts); a change to a
// product shows at once; the visitor's own parts (the header, the seller's buttons) fill
// in in the browser.
import { expect, test } from "@playwright/test";
import { as, listProductViaApi, loginInDialog, open, registerAccount, watchErrors, type ApiAccount } from "./helpers";

const stamp = Date.now();

let seller: ApiAccount;
let productId: string;

test.beforeAll(async ({ request }) => {
  seller = await registerAccount(request, "Cache Verkoper");
  productId = await listProductViaApi(request, seller, `Cachefiets ${stamp}`, 120);
});

test("public pages render in both languages, each answer with its own nonce", async ({ request }) => {
  const pages = ["/", "/browse", "/categories", `/product/${productId}`, `/seller/${seller.id}`, "/faq", "/how-it-works", "/contact", "/terms", "/privacy", "/forgot-password", "/offline"];
  for (const url of pages) {
    const answers = [await request.get(url), await request.get(url)];
    for (const answer of answers) expect(answer.status(), url).toBe(200);
    const nonces = answers.map((res) => /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1]);
    expect(nonces[0], url).toBeTruthy();
    expect(nonces[0], url).not.toBe(nonces[1]);
    const html = await answers[1]!.text();
    expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])), url).toEqual(new Set([nonces[1]]));
    expect(html, url).toContain('<html lang="nl"');
  }
  // Rendered on the server, not in the browser: the cards are in the HTML (for crawlers,
  // and so the page paints before its scripts run).
  for (const url of ["/", "/browse", `/seller/${seller.id}`]) {
    expect(await (await request.get(url)).text(), url).toContain('data-testid="product-card"');
  }
  const english = await request.get("/browse", { headers: { cookie: "kringwaar_locale=en" } });
  expect(await english.text()).toContain('<html lang="en"');
  const filtered = await request.get(`/browse?search=${encodeURIComponent(`Cachefiets ${stamp}`)}`);
  expect(await filtered.text()).toContain(`Cachefiets ${stamp}`);
});

test("a public page's HTML carries the shared texts and only the page texts its own client parts read", async ({ request }) => {
  // The browser's texts travel in every page's HTML (lib/platform/i18n/client-messages.ts):
  // the shared ones everywhere, a page's own (PAGE_NAMESPACES) only on the pages that read
  // them, through <PageMessages>.
  const pages: [url: string, present: string[], absent: string[]][] = [
    ["/", ["header", "auth"], ["browse", "checkout", "messaging", "reviews", "maps", "passwordReset", "testCheckout"]],
    ["/faq", ["header", "auth"], ["home", "browse", "checkout", "messaging", "reviews", "maps"]],
    ["/browse", ["browse", "savedSearches", "checkout", "maps"], ["home", "messaging", "reviews", "productOffer"]],
    [`/product/${productId}`, ["checkout", "viewerDeal", "productOffer", "messaging", "reviews", "maps"], ["home", "browse", "passwordReset"]],
    [`/seller/${seller.id}`, ["reviews"], ["home", "browse", "checkout", "messaging", "maps"]],
    ["/forgot-password", ["passwordReset"], ["home", "browse", "messaging", "maps"]],
  ];
  for (const [url, present, absent] of pages) {
    const namespaces = messageNamespaces(await (await request.get(url)).text());
    for (const namespace of present) expect(namespaces, url).toContain(namespace);
    for (const namespace of absent) expect(namespaces, url).not.toContain(namespace);
  }
  // Nor do the mails' texts or the account pages' (they never did).
  expect(messageNamespaces(await (await request.get("/")).text())).not.toContain("mail");
});

/**
 * The namespaces of the texts a page hands its browser: the top-level keys of every
 * `messages` prop in the page's RSC payload (the `self.__next_f.push` scripts), read row
 * by row (a model row is `id:` and one line of JSON).
 */
function messageNamespaces(html: string): string[] {
  const payload = [...html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!) as [number, string?])
    .filter(([kind]) => kind === 1)
    .map(([, text]) => text ?? "")
    .join("");
  const namespaces = new Set<string>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== "object") return;
    const messages = (value as { messages?: unknown }).messages;
    if (messages && typeof messages === "object" && !Array.isArray(messages)) Object.keys(messages).forEach((key) => namespaces.add(key));
    for (const [key, inner] of Object.entries(value)) if (key !== "messages") visit(inner);
  };
  for (const row of payload.split("\n")) {
    const json = /^[0-9a-f]+:([[{].*)$/.exec(row)?.[1];
    if (json) visit(JSON.parse(json));
  }
  expect(namespaces.size, "the page hands its browser texts").toBeGreaterThan(0);
  return [...namespaces];
}

test("a change to a product shows on its page, the seller's page and /browse at once", async ({ page, request }) => {
  const errors = watchErrors(page);
  for (const url of [`/product/${productId}`, `/seller/${seller.id}`, "/browse"]) expect((await request.get(url)).status()).toBe(200);
  const edited = await request.put(`/api/products/${productId}`, {
    headers: as(seller),
    data: {
      title: `Cachefiets ${stamp} (nieuw zadel)`,
      description: "Cachefiets, netjes en goed werkend, met een nieuw zadel.",
      price: 99,
      category: "Fietsen",
      condition: "good",
      images: (await (await request.get(`/api/products/${productId}`)).json()).images,
      location_id: (await (await request.get(`/api/products/${productId}`)).json()).location_id,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await open(page, `/product/${productId}`);
  await expect(page.getByTestId("product-title")).toHaveText(`Cachefiets ${stamp} (nieuw zadel)`);
  await expect(page.getByTestId("product-price")).toContainText("99");
  await open(page, `/seller/${seller.id}`);
  await expect(page.getByTestId("seller-listings")).toContainText("(nieuw zadel)");
  // The newest listings, first on the plain /browse.
  await open(page, "/browse");
  await expect(page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`)).toContainText("(nieuw zadel)");
  expect(errors).toEqual([]);
});

test("a product page fills in who is looking: the header, and the seller's own listing", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, `/product/${productId}`);
  await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "login");
  await expect(page.getByTestId("add-to-cart")).toBeVisible();
  await loginInDialog(page, { email: seller.email, password: "Fout-wachtwoord-proef-1" });
  await open(page, `/product/${productId}`);
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "own");
  await expect(page.getByTestId("buy-now-note")).toBeVisible();
  await expect(page.getByTestId("add-to-cart")).toHaveCount(0);
  expect(errors).toEqual([]);
});
