/**
 * The shopper's catalogue pages in Chromium with the seeded demo data: home, browse
 * (search, filters, paging, map), categories, product and seller pages, not found; in
 * Dutch and once in English. No network: the keyless map without tiles, GEOCODER=offline.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { BROWSE_PAGE_SIZE } from "../../lib/domains/catalog/browse-params";
import { clickFreeMarker, open, watchErrors } from "./helpers";

const GAZELLE = "Gazelle Orange C7 damesfiets 53 cm";
const SEEDED_BIKES = [
  GAZELLE,
  "Cortina transportfiets met voordrager",
  "Racefiets aluminium met Shimano 105, maat 56",
  "Oude opoefiets, opknapper",
];
const MACBOOK = "MacBook Pro 14 inch M1 Pro, 16 GB / 512 GB";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
/** A 1 × 1 PNG for an upload. */
const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * Console errors, hydration warnings and uncaught exceptions. Left out: resources that
 * cannot load without a network (map tiles), Next's prefetches of pages other issues have
 * not built yet (404 on `?_rsc=`) and the 404 of a not-found page itself.
 */
function watchProductRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/products" && request.method() === "GET") requests.push(url);
  });
  return requests;
}

async function apiTotal(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/products?${query}`);
  expect(response.ok()).toBe(true);
  return Number(response.headers()["x-total-count"]);
}

function euros(text: string): number {
  return Number(text.replace(/[^\d,]/g, "").replace(",", "."));
}

/** The titles of the API's first page (the browse page's size, newest first) for `query`. */
async function apiTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/products?${query}&limit=${BROWSE_PAGE_SIZE}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { title: string }[]).map((product) => product.title);
}

async function cardTitles(cards: Locator): Promise<string[]> {
  return cards.locator("h2, h3").allTextContents();
}

test.describe("home", () => {
  test("shows featured and latest products, and the categories link to browse", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, "/");

    const featured = page.getByTestId("home-featured").getByTestId("product-card");
    const featuredCount = await featured.count();
    expect(featuredCount).toBeGreaterThan(0);
    expect(featuredCount).toBeLessThanOrEqual(6);
    await expect(page.getByTestId("home-featured").locator('[data-status="sold"]')).toHaveCount(0);
    expect(await cardTitles(featured)).toContain(MACBOOK);

    const latest = page.getByTestId("home-latest").getByTestId("product-card");
    await expect(latest).toHaveCount(8);
    await expect(latest.first()).toHaveAttribute("href", /^\/product\/[0-9a-f-]{36}$/);

    const categories = page.getByTestId("home-category-link");
    await expect(categories).toHaveCount(10);
    await expect(categories.first()).toHaveText("Elektronica");
    // "Topverkopers" shows only with sellers in it: the demo seed has
    // no reviews, so there is none, unless another spec of this database made one.
    const topSellers = page.getByTestId("home-top-sellers");
    if ((await topSellers.count()) > 0) await expect(topSellers.getByTestId("featured-sellers").locator("li").first()).toBeVisible();
    else await expect(page.getByText(/Topverkopers/)).toHaveCount(0);

    const bikes = page.locator('[data-testid="home-category-link"][data-category="Fietsen"]');
    await expect(bikes).toHaveAttribute("href", "/browse?category=Fietsen");
    await bikes.click();
    await expect(page).toHaveURL(/\/browse\?category=Fietsen$/);
    await expect(page.getByTestId("browse-category")).toHaveValue("Fietsen");
    const total = await apiTotal(page, "category=Fietsen");
    await expect(page.getByTestId("browse-count")).toHaveText(`${total} resultaten`);
    await expect(page.getByTestId("product-card")).toHaveCount(Math.min(total, 20));
    expect(errors).toEqual([]);
  });
});

test.describe("links", () => {
  // next/link: a plain left click is a soft navigation (no new document), a link in view
  // is prefetched unless it says prefetch={false} (cards, footer: docs/performance.md),
  // and a ctrl/meta click is the browser's (a new tab).
  test("a click on a link is a soft navigation; cards and the footer are not prefetched; ctrl/meta click opens a tab", async ({ page, context }) => {
    const errors = watchErrors(page);
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
    });
    await open(page, "/");
    // The header's /categories link is in view: prefetched.
    const categoriesLink = page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Categorieën" });
    await expect(categoriesLink).toBeVisible();
    await expect.poll(() => prefetched).toContain("/categories");
    // The footer's links, scrolled into view, are not.
    const privacy = page.getByRole("contentinfo").getByRole("link", { name: "Privacybeleid" });
    await privacy.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    expect(prefetched).not.toContain("/privacy");
    await page.evaluate(() => Object.assign(window, { __sameDocument: "kept" }));
    const sameDocument = () => page.evaluate(() => (window as { __sameDocument?: string }).__sameDocument);

    // A product card (prefetch={false}: not even on hover).
    const card = page.getByTestId("home-latest").getByTestId("product-card").first();
    const productPath = (await card.getAttribute("href"))!;
    await card.hover();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${productPath}$`));
    await expect(page.getByTestId("product-title")).toBeVisible();
    expect(await sameDocument()).toBe("kept");
    expect(prefetched).not.toContain(productPath);

    // The header's link: a soft navigation.
    await categoriesLink.click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByTestId("category-card").first()).toBeVisible();
    expect(await sameDocument()).toBe("kept");

    // Back is the router's too.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${productPath}$`));
    await expect(page.getByTestId("product-title")).toBeVisible();
    expect(await sameDocument()).toBe("kept");
    await page.goForward();
    await expect(page).toHaveURL(/\/categories$/);

    // Ctrl (meta on a Mac) + click: a new tab, this page stays.
    const bikes = page.locator('[data-testid="category-card"][data-category="Fietsen"]');
    const [tab] = await Promise.all([context.waitForEvent("page"), bikes.click({ modifiers: ["ControlOrMeta"] })]);
    // A new tab starts at about:blank, and its load state may be that page's: wait for the link's address.
    await tab.waitForURL(/\/browse\?category=Fietsen$/);
    expect(tab.url()).toMatch(/\/browse\?category=Fietsen$/);
    await tab.close();
    await expect(page).toHaveURL(/\/categories$/);
    expect(await sameDocument()).toBe("kept");
    expect(errors).toEqual([]);
  });
});

test.describe("browse", () => {
  test("a search is debounced, kept in the URL and finds the bicycles; back and forward work", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, "/browse");
    const allTotal = await apiTotal(page, "");
    await expect(page.getByTestId("browse-count")).toHaveText(`${allTotal} resultaten`);
    const requests = watchProductRequests(page);

    const response = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/products");
    await page.getByTestId("browse-search").pressSequentially("fiets", { delay: 60 });
    await response;
    await expect(page).toHaveURL(/\/browse\?search=fiets$/);
    // One request for the whole word, not one per keystroke (300 ms debounce).
    expect(requests.map((url) => url.searchParams.get("search"))).toEqual(["fiets"]);

    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    await expect.poll(() => cardTitles(cards)).toEqual(expect.arrayContaining(SEEDED_BIKES));
    await expect(page.getByTestId("browse-count")).toHaveText(`${await apiTotal(page, "search=fiets")} resultaten`);

    await page.goBack();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(page.getByTestId("browse-search")).toHaveValue("");
    await expect(page.getByTestId("browse-count")).toHaveText(`${allTotal} resultaten`);
    await page.goForward();
    await expect(page).toHaveURL(/\/browse\?search=fiets$/);
    await expect(page.getByTestId("browse-search")).toHaveValue("fiets");
    await expect.poll(() => cardTitles(cards)).toContain(GAZELLE);

    // Back from a product restores the search.
    await cards.first().click();
    await expect(page).toHaveURL(/\/product\//);
    await page.goBack();
    await expect(page).toHaveURL(/\/browse\?search=fiets$/);
    await expect(page.getByTestId("browse-search")).toHaveValue("fiets");
    await expect.poll(() => cardTitles(cards)).toContain(GAZELLE);

    // A card clicked while a change still waits for the debounce opens the product.
    const id = await cards.first().getAttribute("data-product-id");
    await page.getByTestId("browse-search").fill("fietsen");
    // The search box's suggestions ("Fietsen (categorie)") cover the
    // first cards while it has the focus; Escape closes them, the change still waiting.
    await page.getByTestId("browse-search").press("Escape");
    await cards.first().click();
    await expect(page).toHaveURL(`/product/${id}`);
    await expect(page.getByTestId("product-title")).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`/product/${id}`);
    expect(errors).toEqual([]);
  });

  test("filters combine (category and maximum price) and a shared link renders complete", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, "/browse");
    await page.getByTestId("browse-category").selectOption("Fietsen");
    await page.getByTestId("browse-max-price").fill("300");
    await expect(page).toHaveURL(/\/browse\?category=Fietsen&max_price=300$/);

    const total = await apiTotal(page, "category=Fietsen&max_price=300");
    expect(total).toBeGreaterThanOrEqual(2);
    await expect(page.getByTestId("browse-count")).toHaveText(`${total} resultaten`);
    const cards = page.getByTestId("product-card");
    // One page of them: other specs of the same run list bikes too, so there may be more.
    await expect(cards).toHaveCount(Math.min(total, BROWSE_PAGE_SIZE));
    for (const price of await page.getByTestId("product-card-price").allTextContents()) {
      expect(euros(price)).toBeLessThanOrEqual(300);
    }
    const titles = await cardTitles(cards);
    expect(titles).toEqual(await apiTitles(page, "category=Fietsen&max_price=300"));
    const all = await page.request.get("/api/products?category=Fietsen&max_price=300&limit=100");
    const allTitles = ((await all.json()) as { title: string }[]).map((product) => product.title);
    expect(allTitles).toEqual(expect.arrayContaining(["Cortina transportfiets met voordrager", "Oude opoefiets, opknapper"]));
    expect(allTitles).not.toContain(GAZELLE);

    // The same URL opened fresh is rendered by the server: no client fetch needed.
    const requests = watchProductRequests(page);
    await open(page, "/browse?category=Fietsen&max_price=300");
    await expect(cards).toHaveCount(Math.min(total, BROWSE_PAGE_SIZE));
    await expect(page.getByTestId("browse-category")).toHaveValue("Fietsen");
    await expect(page.getByTestId("browse-max-price")).toHaveValue("300");
    expect(requests).toEqual([]);

    // 'Alle categorieën' clears the category.
    await page.getByTestId("browse-category").selectOption("");
    await expect(page).toHaveURL(/\/browse\?max_price=300$/);
    await expect(page.getByTestId("browse-count")).toHaveText(`${await apiTotal(page, "max_price=300")} resultaten`);
    expect(errors).toEqual([]);
  });

  test("paging shows X of Y and a page is its own link", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, "/browse");
    const total = await apiTotal(page, "");
    expect(total).toBeGreaterThan(20);
    const pages = Math.ceil(total / 20);
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId("pagination-status")).toHaveText(`Pagina 1 van ${pages}`);
    await expect(page.getByTestId("pagination-prev")).toBeDisabled();
    const firstOnPageOne = await cards.first().getAttribute("data-product-id");

    await page.getByTestId("pagination-next").click();
    await expect(page).toHaveURL(/\/browse\?page=2$/);
    await expect(page.getByTestId("pagination-status")).toHaveText(`Pagina 2 van ${pages}`);
    await expect(cards).toHaveCount(pages === 2 ? total - 20 : 20);
    expect(await cards.first().getAttribute("data-product-id")).not.toBe(firstOnPageOne);

    await page.reload();
    await expect(page.getByTestId("pagination-status")).toHaveText(`Pagina 2 van ${pages}`);
    await page.getByTestId("pagination-prev").click();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(cards.first()).toHaveAttribute("data-product-id", firstOnPageOne!);
    expect(errors).toEqual([]);
  });

  test("the map view shows markers and the count, and a popup opens the product", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, "/browse?search=fiets");
    await page.getByTestId("browse-view-map").click();
    await expect(page).toHaveURL(/\/browse\?search=fiets&view=map$/);
    const canvas = page.getByTestId("products-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-status", "loaded");

    const total = await apiTotal(page, "search=fiets");
    const markers = page.getByTestId("products-map-marker");
    await expect(markers).toHaveCount(total);
    await expect(page.getByTestId("products-map-count")).toHaveText(
      total === 1 ? "1 product op de kaart" : `${total} producten op de kaart`,
    );

    const id = await clickFreeMarker(page);
    const link = page.getByTestId("products-map-popup-link");
    await expect(link).toHaveAttribute("href", `/product/${id}`);
    await link.click();
    await expect(page).toHaveURL(`/product/${id}`);
    await expect(page.getByTestId("product-title")).toBeVisible();

    // Back to the map, as it was.
    await page.goBack();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByTestId("products-map-marker")).toHaveCount(total);
    expect(errors).toEqual([]);
  });

  test("an unknown place for the distance search says so", async ({ page }) => {
    // Searching for the MacBook: other specs' listings near Utrecht (the suite runs in one
    // order on one database) would otherwise fill the first page of "near 3511".
    await open(page, "/browse?search=macbook");
    await page.getByTestId("browse-near").fill("Nergenshuizen aan Zee");
    await expect(page.getByTestId("browse-near-error")).toBeVisible();
    await expect(page.getByTestId("empty-state")).toBeVisible();
    await page.getByTestId("browse-near").fill("3511");
    await expect(page.getByTestId("browse-near-error")).toBeHidden();
    await expect(page).toHaveURL(/near=3511/);
    await expect.poll(() => cardTitles(page.getByTestId("product-card"))).toContain(MACBOOK);
  });
});

test.describe("product page", () => {
  test("search, open, page through the photos, see the approximate map, then the seller's profile", async ({ page }) => {
    const errors = watchErrors(page);
    await open(page, "/browse");
    await page.getByTestId("browse-search").fill("macbook");
    await expect(page).toHaveURL(/search=macbook/);
    const card = page.getByTestId("product-card").filter({ hasText: MACBOOK });
    const id = await card.getAttribute("data-product-id");
    await card.click();
    await expect(page).toHaveURL(`/product/${id}`);
    await expect(page.locator("h1")).toHaveText(MACBOOK);
    await expect(page.getByTestId("product-price")).toHaveText(/^€\s?850,00$/);
    await expect(page.getByTestId("product-condition")).toHaveText("Zo goed als nieuw");
    await expect(page.getByTestId("product-category")).toHaveAttribute("href", "/browse?category=Elektronica");

    // The gallery: 3 photos, arrows wrap around, thumbnails and the keyboard.
    const product = await (await page.request.get(`/api/products/${id}`)).json();
    expect(product.images).toHaveLength(3);
    const counter = page.getByTestId("gallery-counter");
    const image = page.getByTestId("gallery-image");
    await expect(counter).toHaveText("1 / 3");
    await expect(image).toHaveAttribute("src", product.images[0]);
    await page.getByTestId("gallery-next").click();
    await expect(counter).toHaveText("2 / 3");
    await expect(image).toHaveAttribute("src", product.images[1]);
    await page.getByTestId("gallery-next").click();
    await expect(counter).toHaveText("3 / 3");
    await page.getByTestId("gallery-next").click();
    await expect(counter).toHaveText("1 / 3");
    await page.getByTestId("gallery-prev").click();
    await expect(counter).toHaveText("3 / 3");
    await expect(page.getByTestId("gallery-thumbnail")).toHaveCount(3);
    await page.getByTestId("gallery-thumbnail").nth(1).click();
    await expect(counter).toHaveText("2 / 3");
    await expect(page.getByTestId("gallery-thumbnail").nth(1)).toHaveAttribute("aria-current", "true");
    await page.getByTestId("product-gallery").focus();
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("3 / 3");
    await expect(image).toHaveAttribute("alt", `${MACBOOK}, foto 3 van 3`);

    // Before purchase: a circle around an approximate spot, only the town.
    const map = page.getByTestId("item-location-map");
    await expect(map).toHaveAttribute("data-map-status", "loaded");
    await expect(map.locator("path.kw-map-circle")).toHaveCount(1);
    await expect(page.getByTestId("item-location-marker")).toHaveCount(0);
    await expect(page.getByTestId("item-location-caption")).toContainText("Utrecht");
    await expect(page.getByTestId("item-location-caption")).not.toContainText("Neude");

    // Logged out, Buy Now asks to log in.
    await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "login");
    await page.getByTestId("buy-now").click();
    await expect(page.getByTestId("auth-dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("auth-dialog")).toBeHidden();

    // More from this seller: at most 4, not this one.
    const more = page.getByTestId("more-from-seller").getByTestId("product-card");
    const moreCount = await more.count();
    expect(moreCount).toBeGreaterThan(0);
    expect(moreCount).toBeLessThanOrEqual(4);
    await expect(page.getByTestId("more-from-seller").locator(`[data-testid="product-card"][data-product-id="${id}"]`)).toHaveCount(0);

    // Metadata and structured data.
    await expect(page).toHaveTitle(`${MACBOOK} · Kringwaar`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\/[^/]+\/uploads\//);
    await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute("content", "850.00");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: MACBOOK,
      offers: {
        price: "850.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/UsedCondition",
      },
    });

    // The seller card leads to the profile, which lists this product.
    const sellerCard = page.getByTestId("seller-card");
    await expect(sellerCard.getByTestId("seller-avatar")).toHaveText("T");
    await expect(sellerCard.getByTestId("seller-card-name")).toHaveText("Tijs van den Berg");
    await expect(sellerCard.getByTestId("seller-business-badge")).toBeVisible();
    await sellerCard.getByTestId("seller-profile-link").click();
    await expect(page).toHaveURL(`/seller/${product.seller_id}`);
    await expect(page.getByTestId("seller-name")).toHaveText("Tijs van den Berg");
    await expect(page.getByTestId("seller-business-badge")).toBeVisible();
    await expect(page.getByTestId("seller-member-since")).toHaveText(/^Lid sinds \d{4}$/);
    await expect(page.getByTestId("seller-listings").locator(`[data-testid="product-card"][data-product-id="${id}"]`)).toBeVisible();

    // And the back button goes one step back.
    await page.getByTestId("product-card").filter({ hasText: MACBOOK }).click();
    await expect(page).toHaveURL(`/product/${id}`);
    await page.getByTestId("back-button").click();
    await expect(page).toHaveURL(`/seller/${product.seller_id}`);
    expect(errors).toEqual([]);
  });

  test("a sold product shows Sold out", async ({ page, request }) => {
    const login = await request.post("/api/auth/login", {
      data: { email: "daan.jansen@example.nl", password: "Kringwaar2026!" },
    });
    const { access_token: token } = await login.json();
    const own = await (
      await request.get("/api/users/me/products?limit=100", { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    const sold = (own as { id: string; title: string; is_sold: boolean }[]).find((p) => p.is_sold);
    expect(sold).toBeTruthy();

    await open(page, `/product/${sold!.id}`);
    await expect(page.locator("h1")).toHaveText(sold!.title);
    await expect(page.getByTestId("buy-now")).toBeDisabled();
    await expect(page.getByTestId("buy-now")).toHaveText("Uitverkocht");
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd.offers.availability).toBe("https://schema.org/SoldOut");
  });

  test("an unknown or malformed id shows the not-found page", async ({ page }) => {
    const errors = watchErrors(page, { allow404: true });
    for (const id of [UNKNOWN_ID, "not-a-product"]) {
      const response = await open(page, `/product/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("product-not-found")).toBeVisible();
      await expect(page.locator("h1")).toHaveText("Product niet gevonden");
    }
    await page.getByTestId("product-not-found-browse").click();
    await expect(page).toHaveURL(/\/browse$/);

    const seller = await open(page, `/seller/${UNKNOWN_ID}`);
    expect(seller?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Verkoper niet gevonden");
    expect(errors).toEqual([]);
  });
});

test("a product that disappears before a client-side visit: toast, then /browse", async ({ page, request }) => {
  // A listing of a demo seller, made and deleted through the API.
  const login = await request.post("/api/auth/login", {
    data: { email: "emma.meijer@example.nl", password: "Kringwaar2026!" },
  });
  const { access_token: token, user } = await login.json();
  const auth = { Authorization: `Bearer ${token}` };
  const location = await (await request.post("/api/geocode", { headers: auth, data: { address: "Nijmegen" } })).json();
  expect(location.location_id).toBeTruthy();
  const upload = await request.post("/api/upload-image", {
    headers: auth,
    multipart: { file: { name: "pixel.png", mimeType: "image/png", buffer: Buffer.from(PIXEL_PNG, "base64") } },
  });
  expect(upload.ok()).toBe(true);
  const created = await request.post("/api/products", {
    headers: auth,
    data: {
      title: "Verdwijnende vaas",
      description: "Staat hier maar even.",
      price: 12.5,
      category: "Huis & Tuin",
      condition: "good",
      images: [(await upload.json()).url],
      location_id: location.location_id,
    },
  });
  expect(created.status()).toBe(201);
  const product = await created.json();

  await open(page, `/seller/${user.id}`);
  const card = page.locator(`[data-testid="product-card"][data-product-id="${product.id}"]`);
  await expect(card).toBeVisible();
  expect((await request.delete(`/api/products/${product.id}`, { headers: auth })).ok()).toBe(true);

  await card.click();
  await expect(page.getByText("Product niet gevonden").first()).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);
});

test("the categories page lists every category with its count and links to browse", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, "/categories");
  const cards = page.getByTestId("category-card");
  await expect(cards).toHaveCount(12);
  const bikes = page.locator('[data-testid="category-card"][data-category="Fietsen"]');
  const total = await apiTotal(page, "category=Fietsen");
  await expect(bikes.getByTestId("category-count")).toHaveText(`${total} artikelen`);
  await bikes.click();
  await expect(page).toHaveURL(/\/browse\?category=Fietsen$/);
  // One page of 20 (other specs may have listed bicycles before this one runs).
  await expect(page.getByTestId("product-card")).toHaveCount(Math.min(total, 20));
  // A bicycle another spec listed and then removed with its account may still be on the
  // cached browse page (up to 60 s) while its photo is already gone: that 404 is the
  // other spec's, not this page's (a follow-up: whether removing an account drops the
  // cached catalogue pages at once). Every other error still fails the test.
  expect(errors.filter((error) => !/status of 404 .*\/uploads\/products\//.test(error))).toEqual([]);
});

test("in English: home, browse, a product and its seller", async ({ page }) => {
  const errors = watchErrors(page, { allow404: true });
  await open(page, "/");
  await page.getByTestId("language-switcher").getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("#home-featured-title")).toHaveText("Featured");
  await expect(page.getByTestId("home-category-link").first()).toHaveText("Electronics");

  await page.locator('[data-testid="home-category-link"][data-category="Fietsen"]').click();
  await expect(page).toHaveURL(/\/browse\?category=Fietsen$/);
  await expect(page.getByTestId("browse-category").locator("option:checked")).toHaveText("Bicycles");
  await expect(page.getByTestId("browse-category").locator("option").first()).toHaveText("All categories");
  await expect(page.getByTestId("browse-search")).toHaveAttribute("placeholder", "What are you looking for?");
  const total = await apiTotal(page, "category=Fietsen");
  await expect(page.getByTestId("browse-count")).toHaveText(`${total} results`);

  await page.getByTestId("browse-search").fill("gazelle");
  await expect(page).toHaveURL(/\/browse\?search=gazelle&category=Fietsen$/);
  await page.getByTestId("product-card").filter({ hasText: "Gazelle" }).click();
  await expect(page.locator("h1")).toHaveText(GAZELLE);
  await expect(page.getByTestId("gallery-counter")).toHaveText("1 / 3");
  await page.getByTestId("gallery-prev").click();
  await expect(page.getByTestId("gallery-counter")).toHaveText("3 / 3");
  await expect(page.getByTestId("buy-now")).toHaveText("Buy now");
  await expect(page.getByTestId("product-category")).toHaveText("Bicycles");
  await expect(page.getByTestId("item-location-caption")).toContainText("Rotterdam");
  await expect(page.getByTestId("seller-profile-link")).toHaveText("View profile");

  await page.getByTestId("seller-profile-link").click();
  await expect(page.getByTestId("seller-member-since")).toHaveText(/^Member since \d{4}$/);
  await expect(page.getByTestId("seller-listings").getByTestId("product-card").filter({ hasText: "Gazelle" })).toBeVisible();

  await open(page, `/product/${UNKNOWN_ID}`);
  await expect(page.locator("h1")).toHaveText("Product not found");
  expect(errors).toEqual([]);
});

test("screenshots of home, browse (list and map), product and seller", async ({ page }, testInfo) => {
  await open(page, "/");
  await page.getByTestId("home-latest").scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("home.png"), fullPage: true });
  await open(page, "/browse?category=Fietsen");
  await page.screenshot({ path: testInfo.outputPath("browse-list.png"), fullPage: true });
  await page.getByTestId("browse-view-map").click();
  await expect(page.getByTestId("products-map-canvas")).toHaveAttribute("data-map-status", "loaded");
  await page.screenshot({ path: testInfo.outputPath("browse-map.png"), fullPage: true });
  await open(page, "/browse?search=macbook");
  await page.getByTestId("product-card").first().click();
  await expect(page.getByTestId("item-location-map")).toHaveAttribute("data-map-status", "loaded");
  await page.screenshot({ path: testInfo.outputPath("product.png"), fullPage: true });
  await page.getByTestId("seller-profile-link").click();
  await expect(page.getByTestId("seller-name")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("seller.png"), fullPage: true });
});
