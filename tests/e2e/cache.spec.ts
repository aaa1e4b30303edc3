// Cached public pages (issue 13 item 2): the home page, /browse, /categories, the
// product and seller pages and the content pages are rendered once per language and then
// served from Next's cache; a change to a product shows at once; the visitor's own parts
// (the header, the seller's buttons) fill in in the browser; every cached copy still gets
// a fresh CSP nonce, so its scripts run (lib/platform/http/render-nonce.ts).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { as, listProductViaApi, loginInDialog, open, registerAccount, watchErrors, type ApiAccount } from "./support";

const stamp = Date.now();

/** Requests a page twice; the second answer must come from the cache. */
async function cachedTwice(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const first = await request.get(url, { headers });
  expect(first.status(), url).toBe(200);
  const second = await request.get(url, { headers });
  expect(second.status(), url).toBe(200);
  expect(second.headers()["x-nextjs-cache"], url).toBe("HIT");
  return [first, second] as const;
}

let seller: ApiAccount;
let productId: string;

test.beforeAll(async ({ request }) => {
  seller = await registerAccount(request, "Cache Verkoper");
  productId = await listProductViaApi(request, seller, `Cachefiets ${stamp}`, 120);
});

test("public pages are served from the cache in both languages, each copy with its own nonce", async ({ request }) => {
  const pages = ["/", "/browse", "/categories", `/product/${productId}`, `/seller/${seller.id}`, "/faq", "/how-it-works", "/contact", "/terms", "/privacy", "/forgot-password", "/offline"];
  for (const url of pages) {
    const [first, second] = await cachedTwice(request, url);
    const nonces = [first, second].map((res) => /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1]);
    expect(nonces[0], url).toBeTruthy();
    expect(nonces[0], url).not.toBe(nonces[1]);
    const html = await second.text();
    expect(html, url).toContain(`nonce="${nonces[1]}"`);
    // Only the fresh nonce: the render nonce of the cached copy never reaches a browser.
    expect(new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])), url).toEqual(new Set([nonces[1]]));
    expect(second.headers()["cache-control"], url).toBe("private, no-cache");
    expect(second.headers()["etag"], url).toBeUndefined();
    expect(html, url).toContain('<html lang="nl"');
  }
  // Rendered on the server, not in the browser: the cards are in the cached HTML (for
  // crawlers, and so the page paints before its scripts run).
  for (const url of ["/", "/browse", `/seller/${seller.id}`]) {
    expect(await (await request.get(url)).text(), url).toContain('data-testid="product-card"');
  }
  const [, english] = await cachedTwice(request, "/browse", { cookie: "kringwaar_locale=en" });
  expect(await english.text()).toContain('<html lang="en"');
  // Filters and further pages are rendered per request (endless combinations).
  const filtered = await request.get(`/browse?search=${encodeURIComponent(`Cachefiets ${stamp}`)}`);
  expect(filtered.headers()["x-nextjs-cache"]).toBeUndefined();
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
    const [, cached] = await cachedTwice(request, url);
    const namespaces = messageNamespaces(await cached.text());
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

test("a change to a product shows on its cached page, the seller's page and /browse at once", async ({ page, request }) => {
  const errors = watchErrors(page);
  await cachedTwice(request, `/product/${productId}`);
  await cachedTwice(request, `/seller/${seller.id}`);
  await cachedTwice(request, "/browse");
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

test("a cached product page fills in who is looking: the header, and the seller's own listing", async ({ page, request }) => {
  const errors = watchErrors(page);
  await cachedTwice(request, `/product/${productId}`);
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

test("the scripts a page loads first are marked for eager compilation, the login dialog's own code is not", async ({ page, request }) => {
  // scripts/compile-hints.ts puts V8's explicit compile hint on top of them, so Chrome
  // compiles them while they stream in, off the main thread (docs/performance.md).
  const HINT = "//# allFunctionsCalledOnLoad\n";
  const firstLoad = new Set<string>();
  for (const url of ["/", "/browse", `/product/${productId}`]) {
    const html = await (await request.get(url)).text();
    const scripts = JSON.parse(/__kwPaint\((\[[^\]]*\])\)/.exec(html)?.[1] ?? "[]") as string[];
    expect(scripts.length, url).toBeGreaterThan(5);
    for (const src of scripts) {
      firstLoad.add(src);
      // As a browser gets it: the precompressed copy.
      const response = await request.get(src, { headers: { "accept-encoding": "gzip" } });
      expect(response.headers()["content-encoding"], src).toBe("gzip");
      expect((await response.text()).startsWith(HINT), src).toBe(true);
    }
  }
  // The login dialog's code loads when it is opened. Of what it brings, the chunks that are
  // also another page's first scripts (the account forms' rules) are marked; its own code,
  // which no page loads first, is compiled lazily as before.
  await open(page, "/");
  const later: Promise<string>[] = [];
  page.on("response", (response) => {
    const src = new URL(response.url()).pathname;
    if (src.startsWith("/_next/static/") && src.endsWith(".js") && !firstLoad.has(src)) later.push(response.text());
  });
  await page.getByTestId("header-join").click();
  await expect(page.getByTestId("login-email")).toBeVisible();
  const marked = (await Promise.all(later)).map((text) => text.startsWith(HINT));
  expect(marked).toContain(false);
});

test("a page paints before its scripts run, and then runs each of them once", async ({ page, request }) => {
  const errors = watchErrors(page);
  // Not one script of the app for the parser to fetch or run: the loader has them instead.
  const html = await (await request.get("/")).text();
  expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" (async|nonce)|rel="preload" as="script"/);
  expect(html).toContain("__kwPaint([");

  // When the first contentful paint was, when the first script of the app was requested
  // and when it was inserted (the noModule polyfills stay in the HTML: modern browsers
  // skip them).
  type Seen = { paint?: number; script?: number; request?: number };
  await page.addInitScript(() => {
    const seen: Seen = {};
    (window as { __seen?: Seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") seen.paint ??= entry.startTime;
    }).observe({ type: "paint", buffered: true });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && !node.noModule && node.src.includes("/_next/static/")) seen.script ??= performance.now();
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[])
        if (entry.initiatorType !== "fetch" && entry.name.includes("/_next/static/") && entry.name.endsWith(".js")) seen.request ??= entry.startTime;
    }).observe({ type: "resource", buffered: true });
  });
  for (const url of ["/", "/browse", `/product/${productId}`]) {
    await open(page, url);
    const seen = await page.evaluate(() => (window as { __seen?: Seen }).__seen!);
    expect(seen.paint, url).toBeGreaterThan(0);
    expect(seen.script, url).toBeGreaterThanOrEqual(seen.paint!);
    // Not even downloaded before the paint: the bandwidth is the HTML's, the stylesheet's
    // and the photo's.
    expect(seen.request, url).toBeGreaterThanOrEqual(seen.paint!);
    // Let in by the paint (and the priority photos' load), not by the 3 s fallback.
    expect(await page.evaluate(() => (window as unknown as { __kwPaint: { why: string } }).__kwPaint.why), url).toMatch(/^(paint|images)$/);
    // Every script the loader was given runs, once: the loader, React and the Turbopack
    // runtime agree.
    const counts = await page.evaluate(() =>
      (window as unknown as { __kwPaint: { urls: string[] } }).__kwPaint.urls.map(
        (src) => document.querySelectorAll(`script[src="${src}"]`).length,
      ),
    );
    expect(counts.length, url).toBeGreaterThan(5);
    expect(new Set(counts), url).toEqual(new Set([1]));
  }
  // And the page works: the header reads the session and its login dialog loads on demand.
  await page.getByTestId("header-join").click();
  await expect(page.getByTestId("login-email")).toBeVisible();
  expect(errors).toEqual([]);
});
