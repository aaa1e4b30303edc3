// Buying with escrow in Chromium, on the test provider: Buy Now and a two-seller cart,
// the payment result, the orders, the seller's pickup-code entry, the escrow job paying
// the seller 3 days later, a dispute resolved by an admin through the API, and a
// cancelled checkout freeing the item; on a phone, a failed payment's ways on (try
// again, back to the item) in Dutch and English. Fresh users and products per run (the demo
// catalogue stays as the other specs expect it).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { listProductViaApi, open, registerAccount, signIn, watchErrors, type ApiAccount } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Escrow-wachtwoord-1";
const CRON_SECRET = "e2e-cron-secret-kringwaar-0123456789";
const DAY = 24 * 60 * 60 * 1000;
type Account = ApiAccount;

const account = (request: APIRequestContext, name: string) => registerAccount(request, name, PASSWORD);
const listProduct = (request: APIRequestContext, seller: Account, title: string, price: number, address: string) =>
  listProductViaApi(request, seller, title, price, address);
const login = (page: Page, who: Account) => signIn(page, { email: who.email, password: PASSWORD });

async function logout(page: Page) {
  await page.getByTestId("header-logout").click();
  await expect(page.getByTestId("header-join")).toBeVisible();
}

/** On the test checkout page: pay, and land on the success card. */
async function payOnTestCheckout(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/test\/cs_testmode_/);
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await page.getByTestId("test-pay").click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_testmode_/);
  await expect(page.getByTestId("payment-success")).toBeVisible();
}

test.describe.configure({ mode: "serial" });

let sellerA: Account;
let sellerB: Account;
let buyer: Account;
let bike: string;
let lamp: string;
let chair: string;
let radio: string;

test.beforeAll(async ({ request }) => {
  sellerA = await account(request, "Tijmen Verkoper");
  sellerB = await account(request, "Ilse Verkoper");
  buyer = await account(request, "Noor Koper");
  bike = await listProduct(request, sellerA, `Batavus stadsfiets ${stamp}`, 120, "Neude 11, Utrecht");
  lamp = await listProduct(request, sellerA, `Messing bureaulamp ${stamp}`, 25.5, "Neude 11, Utrecht");
  chair = await listProduct(request, sellerB, `Rotan stoel ${stamp}`, 40, "Stationsplein 1, Rotterdam");
  radio = await listProduct(request, sellerB, `Philips radio ${stamp}`, 15, "Stationsplein 1, Rotterdam");
});

test("buy now, pay, hand over with the pickup code, and the seller is paid 3 days later", async ({ page, request }) => {
  const errors = watchErrors(page);
  await login(page, buyer);
  await open(page, `/product/${bike}`);
  await page.getByTestId("buy-now").click();
  await payOnTestCheckout(page);
  await expect(page.getByTestId("payment-total")).toContainText("126,00");
  const orderId = (await page.getByTestId("payment-transaction-id").textContent())!.trim();
  expect(orderId).toMatch(/^[0-9a-f-]{8,}/);

  await page.getByTestId("payment-view-orders").click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.locator(`[data-testid="order-card"][data-status="held"]`).filter({ hasText: `Batavus stadsfiets ${stamp}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("order-short-id")).toContainText(orderId.slice(0, 8));
  await expect(card.getByTestId("order-total")).toContainText("126,00");
  await expect(card.getByTestId("order-pickup-address")).toContainText("Utrecht");
  const code = (await card.getByTestId("order-pickup-code").textContent())!.replace(/\D/g, "");
  expect(code).toMatch(/^\d{6}$/);

  // The product is sold now: its buyer sees that they bought it, with
  // the way to the order instead of Buy Now; everyone else sees it sold.
  await open(page, `/product/${bike}`);
  await expect(page.getByTestId("viewer-deal")).toHaveAttribute("data-kind", "bought");
  await expect(page.getByTestId("viewer-deal-order")).toBeVisible();
  await logout(page);
  await open(page, `/product/${bike}`);
  await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "sold");

  // The seller enters the buyer's code at the handover.
  await login(page, sellerA);
  await open(page, "/dashboard?tab=sales");
  const sale = page.locator('[data-testid="sale-card"]').filter({ hasText: `Batavus stadsfiets ${stamp}` });
  await expect(sale).toHaveAttribute("data-delivery-status", "pending");
  await sale.getByTestId("handover-code").fill(code === "000000" ? "111111" : "000000");
  await sale.getByTestId("handover-submit").click();
  await expect(sale).toHaveAttribute("data-delivery-status", "pending");
  await sale.getByTestId("handover-code").fill(code);
  await sale.getByTestId("handover-submit").click();
  await expect(sale).toHaveAttribute("data-delivery-status", "confirmed");

  // The escrow job, with its clock 3 days and a minute later, pays the seller.
  const job = await request.post(`/api/cron/release-payouts?now=${new Date(Date.now() + 3 * DAY + 60_000).toISOString()}`, {
    headers: { authorization: `Bearer ${CRON_SECRET}` },
  });
  expect(job.status()).toBe(200);
  expect((await job.json()).payouts).toBeGreaterThanOrEqual(1);
  await open(page, "/dashboard?tab=sales");
  await expect(page.locator('[data-testid="sale-card"]').filter({ hasText: `Batavus stadsfiets ${stamp}` })).toHaveAttribute("data-status", "completed");
  // The one expected failure: the wrong code's 400.
  expect(errors.filter((error) => !/400 \(Bad Request\).*\/handover\)$/.test(error))).toEqual([]);
  expect(errors).toHaveLength(1);
});

test("a two-seller cart is one payment with one order per item; a dispute is resolved by an admin", async ({ page, request }) => {
  const errors = watchErrors(page);
  await login(page, buyer);
  for (const id of [lamp, chair]) {
    await open(page, `/product/${id}`);
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("add-to-cart")).toHaveAttribute("data-state", "in-cart");
  }
  await open(page, "/cart");
  await expect(page.getByTestId("cart-item")).toHaveCount(2);
  await expect(page.getByTestId("cart-subtotal")).toContainText("65,50");
  await expect(page.getByTestId("cart-fee")).toContainText("3,28"); // 1,28 (25,50) + 2,00 (40,00)
  await expect(page.getByTestId("cart-total")).toContainText("68,78");
  await page.getByTestId("cart-checkout").click();
  await payOnTestCheckout(page);
  await expect(page.getByTestId("payment-total")).toContainText("68,78");

  await open(page, "/orders");
  const lampCard = page.locator('[data-testid="order-card"]').filter({ hasText: `Messing bureaulamp ${stamp}` });
  const chairCard = page.locator('[data-testid="order-card"]').filter({ hasText: `Rotan stoel ${stamp}` });
  await expect(lampCard).toHaveAttribute("data-status", "held");
  await expect(chairCard).toHaveAttribute("data-status", "held");
  await open(page, "/cart");
  await expect(page.getByTestId("cart-empty")).toBeVisible();

  // The chair arrived broken: a dispute, which needs a description.
  await open(page, "/orders");
  await chairCard.getByTestId("order-dispute").click();
  await expect(page.getByTestId("order-dispute-submit")).toBeDisabled();
  await page.getByTestId("order-dispute-notes").fill("De zitting is gescheurd, dat stond niet in de beschrijving.");
  await page.getByTestId("order-dispute-submit").click();
  await expect(chairCard).toHaveAttribute("data-delivery-status", "disputed");

  // An admin refunds it through the API.
  const adminLogin = await request.post("/api/auth/login", { data: { email: "admin@kringwaar.nl", password: "Kringwaar2026!" } });
  const adminAuth = { authorization: `Bearer ${(await adminLogin.json()).access_token}` };
  const disputes = await (await request.get("/api/admin/disputes", { headers: adminAuth })).json();
  const dispute = disputes.find((order: { product: { title: string } }) => order.product.title === `Rotan stoel ${stamp}`);
  expect(dispute).toMatchObject({ status: "held", delivery_status: "disputed", dispute_notes: expect.stringContaining("gescheurd") });
  const resolved = await request.post(`/api/admin/disputes/${dispute.id}/resolve`, {
    headers: adminAuth,
    data: { resolution: "refund", note: "Foto's van de koper bevestigen de schade." },
  });
  expect(resolved.status()).toBe(200);
  expect(await resolved.json()).toMatchObject({ status: "refunded" });
  await open(page, "/orders");
  await expect(chairCard).toHaveAttribute("data-status", "refunded");
  await expect(chairCard.getByTestId("order-note")).toHaveAttribute("data-note", "refunded");
  expect(errors).toEqual([]);
});

test("a cancelled checkout makes the item available again", async ({ page }) => {
  const errors = watchErrors(page);
  await login(page, buyer);
  await open(page, `/product/${radio}`);
  await page.getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/checkout\/test\//);
  await expect(page.getByTestId("test-checkout-total")).toContainText("15,75");
  await page.getByTestId("test-cancel").click();
  await expect(page).toHaveURL(/cancelled=1/);
  await expect(page.getByTestId("payment-cancelled")).toBeVisible();
  await open(page, `/product/${radio}`);
  await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "available");
  // An unpaid attempt is not among the orders by default; it is under "Geannuleerd".
  await open(page, "/orders");
  await expect(page.locator('[data-testid="order-card"]').filter({ hasText: `Philips radio ${stamp}` })).toHaveCount(0);
  await open(page, "/orders?status=cancelled");
  await expect(page.locator('[data-testid="order-card"]').filter({ hasText: `Philips radio ${stamp}` })).toHaveAttribute("data-status", "cancelled");
  expect(errors).toEqual([]);
});

test("in English: a failed payment says so and frees the item", async ({ page, context }) => {
  const errors = watchErrors(page);
  await context.addCookies([{ name: "kringwaar_locale", value: "en", url: test.info().project.use.baseURL! }]);
  await login(page, buyer);
  await open(page, `/product/${radio}`);
  await expect(page.getByTestId("buy-now")).toHaveText(/Buy now/);
  await page.getByTestId("buy-now").click();
  await expect(page.getByTestId("test-mode-banner")).toContainText("Test mode: no real money");
  await page.getByTestId("test-fail").click();
  await expect(page.getByTestId("payment-failed")).toBeVisible();
  await expect(page.getByTestId("payment-failed")).toContainText("Payment failed");
  await open(page, `/product/${radio}`);
  await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "available");
  expect(errors).toEqual([]);
});

test("logged out, Buy Now asks to log in", async ({ page }) => {
  await open(page, `/product/${radio}`);
  await page.getByTestId("buy-now").click();
  await expect(page.getByText("Log in om te kopen", { exact: true })).toBeVisible();
  await expect(page.getByTestId("auth-dialog")).toBeVisible();
});

const FAILED = {
  nl: { title: "Betaling mislukt", retry: "Opnieuw proberen", back: "Terug naar" },
  en: { title: "Payment failed", retry: "Try again", back: "Back to" },
} as const;

for (const lang of ["nl", "en"] as const) {
  test(`${lang}, on a phone: a failed payment offers to try again and the way back to the item`, async ({ browser, request }) => {
    const text = FAILED[lang];
    const seller = await account(request, `Verkoper mislukt ${lang}`);
    const payer = await account(request, `Koper mislukt ${lang}`);
    const title = `Vaas mislukt ${lang} ${stamp}`;
    const vase = await listProduct(request, seller, title, 30, "Neude 11, Utrecht");
    const baseURL = test.info().project.use.baseURL!;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await login(page, payer);
    await open(page, `/product/${vase}`);
    await page.getByTestId("buy-now").click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await page.getByTestId("test-fail").click();
    const failed = page.getByTestId("payment-failed");
    await expect(failed).toContainText(text.title);
    await expect(failed.getByTestId("payment-back-to-item")).toHaveText(`${text.back} ${title}`);
    await expect(failed.getByTestId("payment-back-to-item")).toHaveAttribute("href", `/product/${vase}`);
    // The checkout ended with the failure: trying again starts from the item.
    const retry = failed.getByTestId("payment-retry");
    await expect(retry).toHaveText(text.retry);
    await expect(retry).toHaveAttribute("data-retry", "item");
    await expect(retry).toBeInViewport();
    await retry.click();
    await expect(page).toHaveURL(new RegExp(`/product/${vase}`));
    await expect(page.getByTestId("buy-now")).toHaveAttribute("data-state", "available");
    // And this time it goes through.
    await page.getByTestId("buy-now").click();
    await payOnTestCheckout(page);
    expect(errors).toEqual([]);
    await context.close();
  });
}
