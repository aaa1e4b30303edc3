// Phone dead ends (docs/phone.md), in Chromium on a phone (390×844, touch), each
// written to fail before its fix (docs/phone.md, "Fixed dead ends (2, 6, 7, 8)"):
// 2. the product page's "Nu kopen" and the chat's "Koop voor" keep the address the app
//    was opened on (not APP_URL's host, where the buyer is logged out);
// 6. logging in from a prompt (Bewaren, Contact Seller, Koop) finishes the action and
//    takes the prompt's toast away;
// 7. one condition vocabulary: the sell form's labels on the cards, the wishlist and the
//    product page;
// 8. the product page shows the viewer's deal: a paid buyer sees that they bought it (the
//    order, the pickup address), a buyer with an accepted offer the agreed price and a
//    buy button at that price; the cached page stays the same for everyone else.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { as, listProductViaApi, loginInDialog, open, registerAccount, settle, watchErrors, type ApiAccount } from "./helpers";

const PASSWORD = "Fout-wachtwoord-proef-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const stamp = Date.now();

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** The same server on another address than APP_URL (http://localhost:PORT): its loopback IP. */
function otherAddress(): string {
  const url = new URL(test.info().project.use.baseURL!);
  url.hostname = "127.0.0.1";
  return url.origin;
}

/** A phone of its own (cookies apart) in `lang`, on `baseURL` (the project's by default). */
async function phone(browser: Browser, lang: "nl" | "en" = "nl", baseURL = test.info().project.use.baseURL!) {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
  await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
  const page = await context.newPage();
  return { page, errors: watchErrors(page), close: () => context.close() };
}

/** A listing through the API in `condition`; its id. */
function list(request: APIRequestContext, seller: ApiAccount, title: string, price: number, condition = "good"): Promise<string> {
  return listProductViaApi(request, seller, title, price, undefined, condition);
}

/** The buyer offers `amount` on the product in a conversation and the seller accepts; the conversation's id. */
async function acceptedOffer(request: APIRequestContext, buyer: ApiAccount, seller: ApiAccount, productId: string, amount: number): Promise<string> {
  const started = await request.post("/api/conversations", {
    headers: as(buyer),
    data: { product_id: productId, recipient_id: seller.id, initial_message: "Zou je zakken in prijs?" },
  });
  expect(started.status(), await started.text()).toBe(201);
  const conversationId = (await started.json()).id as string;
  const offered = await request.post(`/api/conversations/${conversationId}/offers`, { headers: as(buyer), data: { amount } });
  expect(offered.status(), await offered.text()).toBe(201);
  const accepted = await request.post(`/api/offers/${(await offered.json()).id}/accept`, { headers: as(seller), data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return conversationId;
}

/** axe's violations within a part of the page, as readable lines; [] when none. */
async function axe(page: Page, within: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).include(within);
  const result = await builder.options({ resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Logs in in the dialog that a prompt opened (already open). */
async function loginInOpenDialog(page: Page, who: ApiAccount) {
  await expect(page.getByTestId("login-email")).toBeVisible();
  await page.getByTestId("login-email").fill(who.email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
}

test("2: on another address than APP_URL, the product page's Nu kopen keeps the buyer's own address", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const seller = await registerAccount(request, "Verkoper Adres");
  const buyer = await registerAccount(request, "Koper Adres");
  const lamp = await list(request, seller, `Adreslamp ${stamp}`, 30);

  const other = otherAddress();
  const { page, errors, close } = await phone(browser, "nl", other);
  await loginInDialog(page, { email: buyer.email, password: PASSWORD });
  await open(page, `/product/${lamp}`);
  await page.getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_testmode_/);
  expect(new URL(page.url()).origin).toBe(other);
  await page.getByTestId("test-pay").click();
  await expect(page.getByTestId("payment-success")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(other);
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  expect(errors).toEqual([]);
  await close();
});

test("2: on another address than APP_URL, the chat's Koop voor keeps the buyer's own address", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const seller = await registerAccount(request, "Verkoper Chatadres");
  const buyer = await registerAccount(request, "Koper Chatadres");
  const bike = await list(request, seller, `Adresfiets ${stamp}`, 100);
  const conversationId = await acceptedOffer(request, buyer, seller, bike, 80);

  const other = otherAddress();
  const { page, errors, close } = await phone(browser, "nl", other);
  await loginInDialog(page, { email: buyer.email, password: PASSWORD });
  await open(page, `/messages?c=${conversationId}`);
  const buy = page.getByTestId("offer-buy");
  await expect(buy).toContainText("Koop voor");
  await buy.click();
  await expect(page).toHaveURL(/\/checkout\/test\/cs_testmode_/);
  expect(new URL(page.url()).origin).toBe(other);
  await page.getByTestId("test-pay").click();
  await expect(page.getByTestId("payment-success")).toBeVisible();
  expect(new URL(page.url()).origin).toBe(other);
  await expect(page.getByTestId("payment-total")).toContainText("84,00");
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  expect(errors).toEqual([]);
  await close();
});

test("2: a return address that is not one of the site's is refused, nothing reserved", async ({ request }) => {
  const seller = await registerAccount(request, "Verkoper Omleiding");
  const buyer = await registerAccount(request, "Koper Omleiding");
  const product = await list(request, seller, `Omleidingstas ${stamp}`, 25);
  const refused = await request.post("/api/payment/create-checkout", {
    headers: as(buyer),
    data: { product_id: product, origin_url: "https://kringwaar.example.com" },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).code).toBe("bad_origin_url");
  expect((await (await request.get(`/api/products/${product}`)).json()).status).toBe("available");
});

test("6: logging in from Bewaren, Contact Seller and Koop finishes the action and drops the prompt's toast", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const seller = await registerAccount(request, "Verkoper Prompt");
  const product = await list(request, seller, `Promptstoel ${stamp}`, 45);

  // Bewaren: saved after logging in.
  {
    const saver = await registerAccount(request, "Bewaarder Prompt");
    const { page, errors, close } = await phone(browser);
    await open(page, `/product/${product}`);
    await page.getByTestId("wishlist-toggle").click();
    await expect(toast(page, "Log in om artikelen te bewaren")).toBeVisible();
    await loginInOpenDialog(page, saver);
    await expect(toast(page, "Je bent ingelogd.")).toBeVisible();
    await expect(page.getByTestId("wishlist-toggle")).toHaveAttribute("data-saved", "true");
    await expect(toast(page, "Log in om artikelen te bewaren")).toHaveCount(0);
    const wishlist = await (await request.get("/api/wishlist", { headers: as(saver) })).json();
    expect(wishlist.products.map((p: { id: string }) => p.id)).toContain(product);
    expect(errors).toEqual([]);
    await close();
  }

  // Contact Seller: the first-message dialog opens after logging in.
  {
    const asker = await registerAccount(request, "Vrager Prompt");
    const { page, errors, close } = await phone(browser);
    await open(page, `/product/${product}`);
    await page.getByTestId("contact-seller").click();
    await expect(toast(page, "Log in om de verkoper te benaderen")).toBeVisible();
    await loginInOpenDialog(page, asker);
    await expect(page.getByTestId("start-conversation-text")).toBeVisible();
    await expect(toast(page, "Log in om de verkoper te benaderen")).toHaveCount(0);
    expect(errors).toEqual([]);
    await close();
  }

  // Koop: the checkout starts after logging in.
  {
    const buyer = await registerAccount(request, "Koper Prompt");
    const { page, errors, close } = await phone(browser);
    await open(page, `/product/${product}`);
    await page.getByTestId("buy-now").click();
    await expect(toast(page, "Log in om te kopen")).toBeVisible();
    await loginInOpenDialog(page, buyer);
    await expect(page).toHaveURL(/\/checkout\/test\/cs_testmode_/);
    expect(errors).toEqual([]);
    await close();
  }
});

for (const [lang, label] of [
  ["nl", "Zo goed als nieuw"],
  ["en", "Like new"],
] as const) {
  test(`7 (${lang}): a listing posted as "${label}" is "${label}" on the card, the wishlist and the product page`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount(request, `Verkoper Staat ${lang}`);
    const saver = await registerAccount(request, `Bewaarder Staat ${lang}`);
    const title = `Staatlamp ${lang} ${stamp}`;
    const product = await list(request, seller, title, 35, "like_new");
    expect((await request.post(`/api/wishlist/${product}`, { headers: as(saver) })).status()).toBeLessThan(300);

    const { page, errors, close } = await phone(browser, lang);
    await open(page, `/browse?search=${encodeURIComponent(title)}`);
    const card = page.locator(`[data-testid="product-card"][data-product-id="${product}"]`);
    await expect(card.getByTestId("condition-badge")).toHaveText(label);
    await open(page, `/product/${product}`);
    await expect(page.getByTestId("product-condition")).toHaveText(label);
    await loginInDialog(page, { email: saver.email, password: PASSWORD });
    await open(page, "/wishlist");
    const saved = page.getByTestId("wishlist-items").locator(`[data-testid="product-card"][data-product-id="${product}"]`);
    await expect(saved.getByTestId("condition-badge")).toHaveText(label);
    expect(errors).toEqual([]);
    await close();
  });
}

test("8: the product page shows a paid buyer their purchase and a buyer with an accepted offer the agreed price; the cached page stays everyone's", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const seller = await registerAccount(request, "Verkoper Deal");
  const buyer = await registerAccount(request, "Koper Deal");
  const bidder = await registerAccount(request, "Bieder Deal");
  const lamp = await list(request, seller, `Deallamp ${stamp}`, 30);
  const bike = await list(request, seller, `Dealfiets ${stamp}`, 100);
  await acceptedOffer(request, bidder, seller, bike, 80);

  // The buyer pays, then opens the product page again.
  {
    const { page, errors, close } = await phone(browser);
    await loginInDialog(page, { email: buyer.email, password: PASSWORD });
    await open(page, `/product/${lamp}`);
    await page.getByTestId("buy-now").click();
    await page.getByTestId("test-pay").click();
    await expect(page.getByTestId("payment-success")).toBeVisible();
    const exact = (await (await request.get(`/api/products/${lamp}`, { headers: as(buyer) })).json()).pickup_location.address as string;
    await open(page, `/product/${lamp}`);
    const deal = page.getByTestId("viewer-deal");
    await expect(deal).toHaveAttribute("data-kind", "bought");
    await expect(deal).toContainText("Je hebt dit artikel gekocht");
    await expect(deal).toContainText(exact);
    await expect(deal.getByRole("link", { name: /bestelling/i })).toHaveAttribute("href", /\/orders/);
    await expect(page.getByText("Het precieze ophaaladres zie je na betaling")).toHaveCount(0);
    expect(await axe(page, '[data-testid="viewer-deal"]')).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  }

  // The bidder sees the agreed € 80 and buys at it (plus the 5% fee).
  {
    const { page, errors, close } = await phone(browser);
    await loginInDialog(page, { email: bidder.email, password: PASSWORD });
    await open(page, `/product/${bike}`);
    const deal = page.getByTestId("viewer-deal");
    await expect(deal).toHaveAttribute("data-kind", "offer");
    await expect(deal).toContainText("80,00");
    await expect(page.getByTestId("buy-now")).toContainText(/Koop voor €\s?80,00/);
    expect(await axe(page, '[data-testid="viewer-deal"]')).toEqual([]);
    await page.getByTestId("buy-now").click();
    await expect(page).toHaveURL(/\/checkout\/test\/cs_testmode_/);
    await page.getByTestId("test-pay").click();
    await expect(page.getByTestId("payment-total")).toContainText("84,00");
    expect(errors).toEqual([]);
    await close();
  }

  // Everyone else: the page from the cached data, the list price, no deal.
  const first = await request.get(`/product/${lamp}`);
  expect(first.status()).toBe(200);
  const second = await request.get(`/product/${lamp}`);
  expect(second.status()).toBe(200);
  expect(await second.text()).not.toContain("viewer-deal");
  const { page, close } = await phone(browser);
  await open(page, `/product/${bike}`);
  await settle(page);
  await expect(page.getByTestId("product-price")).toContainText("100,00");
  await expect(page.getByTestId("viewer-deal")).toHaveCount(0);
  await close();
});
