// What a new user does first, in Chromium, in both languages: a visitor clicks "Sell",
// gets the login dialog with a line saying why, logs in and lands on the sell form,
// lists an item typed the Dutch way ("45,50") and sees that price on its page. Also:
// opening a login-only URL directly, and a return path that leaves the site is ignored.
import sharp from "sharp";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { open, registerAccount, watchErrors } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Nieuw-wachtwoord-1";
const account = (request: APIRequestContext, name: string) => registerAccount(request, name, PASSWORD);

const TEXT = {
  nl: { sell: "Iets verkopen", reason: "Log in om iets te verkopen.", price: /€\s?45,50/, listed: "Product succesvol geplaatst!" },
  en: { sell: "Sell something", reason: "Log in to sell something.", price: /€\s?45\.50/, listed: "Product listed successfully!" },
} as const;

for (const locale of ["nl", "en"] as const) {
  test(`${locale}: a visitor clicks Sell, logs in in the dialog, lists "45,50" and sees that price`, async ({ page, context, request, baseURL }) => {
    test.setTimeout(120_000);
    await context.addCookies([{ name: "kringwaar_locale", value: locale, url: baseURL! }]);
    const errors = watchErrors(page);
    const who = await account(request, `Nieuwe Verkoper ${locale}`);

    await open(page, "/");
    await page.getByRole("link", { name: TEXT[locale].sell }).first().click();
    const dialog = page.getByTestId("auth-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("auth-reason")).toContainText(TEXT[locale].reason);
    await page.getByTestId("login-email").fill(who.email);
    await page.getByTestId("login-password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/sell$/);

    // The sell form, with the price typed as Dutch people write it.
    // The visible map: right after the login the page it replaces can still be in the DOM, hidden.
    await expect(page.getByTestId("location-picker-map").filter({ visible: true })).toHaveAttribute("data-map-status", "loaded");
    await page.getByTestId("location-picker-search").fill("Utrecht");
    await page.getByTestId("location-picker-search-button").click();
    await expect(page.getByTestId("location-picker-address")).toContainText("Utrecht");
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 90, g: 140, b: 60 } } }).png().toBuffer();
    await page.getByTestId("listing-images-input").setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: image });
    await page.getByTestId("listing-category").selectOption("Fietsen");
    const title = `Fietslamp ${locale} ${stamp}`;
    await page.getByTestId("listing-title").fill(title);
    await page.getByTestId("listing-description").fill("Een fietslamp die het prima doet, met nieuwe batterijen.");
    await page.getByTestId("listing-price").fill("45,50");
    const created = page.waitForResponse((r) => r.url().endsWith("/api/products") && r.request().method() === "POST");
    await page.getByTestId("listing-submit").click();
    const response = await created;
    expect(response.status()).toBe(201);
    const product = (await response.json()) as { id: string; price: number };
    expect(product.price).toBe(45.5);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: TEXT[locale].listed })).toBeVisible();

    await open(page, `/product/${product.id}`);
    await expect(page.getByTestId("product-price")).toHaveText(TEXT[locale].price);
    expect(errors).toEqual([]);
  });
}

test("opening a login-only page as a visitor asks to log in and then goes there; a foreign return path is ignored", async ({ page, request }) => {
  const who = await account(request, "Directe Bezoeker");
  await open(page, "/orders");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByTestId("auth-dialog")).toBeVisible();
  await expect(page.getByTestId("auth-reason")).toContainText("Log in om je bestellingen te bekijken.");
  await page.getByTestId("login-email").fill(who.email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/orders$/);

  await page.context().clearCookies();
  await open(page, "/?login=required&next=//evil.example/steal");
  await expect(page.getByTestId("auth-dialog")).toBeVisible();
  await page.getByTestId("login-email").fill(who.email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.hostname === "localhost");
});

test("robots.txt and the sitemaps are served, parse as XML and hold the demo listings", async ({ page, request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  expect(robotsText).toContain("Disallow: /api/");

  await open(page, "/");
  const parse = (xml: string) =>
    page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        root: doc.documentElement.nodeName,
        locs: Array.from(doc.getElementsByTagName("loc")).map((n) => n.textContent ?? ""),
      };
    }, xml);
  const index = await parse(await (await request.get("/sitemap.xml")).text());
  expect(index).toMatchObject({ error: false, root: "sitemapindex" });
  const productsUrl = index.locs.find((loc) => loc.endsWith("/sitemaps/products-1.xml"));
  expect(productsUrl).toBeTruthy();
  const products = await parse(await (await request.get(new URL(productsUrl!).pathname)).text());
  expect(products.error).toBe(false);
  expect(products.root).toBe("urlset");
  // Every listing the API shows on the first page is in the sitemap.
  const listed = (await (await request.get("/api/products?limit=20")).json()) as { id: string }[];
  expect(listed.length).toBeGreaterThan(5);
  for (const product of listed) expect(products.locs.some((loc) => loc.endsWith(`/product/${product.id}`))).toBe(true);
});

test("the small things: focus starts in the e-mail field and returns to the opener, Terug stays on the site, min above max is said", async ({ page, request }) => {
  // Closing the login dialog (Escape or ×) puts the focus back on the button that opened it.
  await open(page, "/");
  const join = page.getByTestId("header-join");
  await join.click();
  await expect(page.getByTestId("auth-dialog")).toBeVisible();
  // The focus starts in the e-mail field, not on the tabs.
  await expect(page.getByTestId("login-email")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("auth-dialog")).toHaveCount(0);
  await expect(join).toBeFocused();
  await join.click();
  await page.getByTestId("auth-dialog").getByRole("button", { name: "Sluiten" }).click();
  await expect(join).toBeFocused();

  // A product page opened from a link elsewhere: "Terug" goes to /browse, not off the site.
  const [product] = (await (await request.get("/api/products?limit=1")).json()) as { id: string }[];
  await open(page, `/product/${product!.id}`);
  await page.getByTestId("back-button").click();
  await expect(page).toHaveURL((url) => url.pathname === "/browse");

  // Minimum above maximum: the form says so instead of swapping them silently.
  await open(page, "/browse?min_price=500&max_price=50");
  await expect(page.getByTestId("browse-price-hint")).toContainText("De minimumprijs is hoger dan de maximumprijs");
  await expect(page.getByTestId("browse-min-price")).toHaveValue("500");
  await expect(page.getByTestId("browse-max-price")).toHaveValue("50");
});
