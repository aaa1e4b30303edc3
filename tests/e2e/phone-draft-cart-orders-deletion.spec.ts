// Phone dead ends (docs/phone.md), each on a 390×844 touch
// screen in Chromium: the sell form keeps a draft through a language switch and a reload
// and warns before leaving; the cart refreshes when it comes back into view and says
// what left it; unpaid checkout attempts do not clutter the orders list, which filters
// by active, completed and cancelled; deleting the account says goodbye, and a refusal
// says what to do and from when deletion is possible. Fresh users per run.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { as, listProductViaApi, loginInDialog, open, registerAccount, watchErrors, type ApiAccount } from "./helpers";

const PASSWORD = "Telefoon-wachtwoord-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const stamp = Date.now();

type Lang = "nl" | "en";

async function axe(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A phone-sized page of its own (cookies apart), in `lang`, signed in as `who`. */
async function phone(browser: Browser, lang: Lang, who: ApiAccount) {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
  await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await loginInDialog(page, { email: who.email, password: PASSWORD });
  return { context, page, errors, close: () => context.close() };
}

/** Buys `productId` as `buyer` through the API and the test provider's Pay; the order id. */
async function buyViaApi(request: APIRequestContext, buyer: ApiAccount, productId: string): Promise<string> {
  const started = await request.post("/api/payment/create-checkout", { headers: as(buyer), data: { product_id: productId } });
  expect(started.status(), await started.text()).toBe(200);
  const session = (await started.json()).session_id as string;
  const paid = await request.post(`/api/payments/test-checkout/${session}/pay`, { headers: { ...as(buyer), accept: "application/json" } });
  expect(paid.status(), await paid.text()).toBe(200);
  const orders = await (await request.get("/api/transactions", { headers: as(buyer) })).json();
  return (orders as { id: string; product_id: string }[]).find((o) => o.product_id === productId)!.id;
}

test.describe("phone: drafts, the cart, orders and goodbye without dead ends", () => {

  test("1. the sell form keeps its draft through a language switch and a reload, and warns before leaving", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const seller = await registerAccount(request, "Concept Verkoper", PASSWORD);
    const { page, errors, close } = await phone(browser, "nl", seller);
    await open(page, "/sell");
    await page.getByTestId("listing-title").fill(`Concept fiets ${stamp}`);
    await page.getByTestId("listing-description").fill("Nog niet af, maar de foto staat er al in.");
    await page.getByTestId("listing-price").fill("35");
    await page.getByTestId("listing-category").selectOption("Fietsen");
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();
    await page.getByTestId("listing-images-input").setInputFiles({ name: "fiets.png", mimeType: "image/png", buffer: photo });
    await expect(page.getByTestId("listing-image")).toHaveCount(1);

    // The language switch (in the phone's menu) keeps what was typed and the photo.
    await page.getByTestId("header-menu").click();
    await page.getByTestId("mobile-language-switcher").locator('[data-locale="en"]').click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("listing-title")).toHaveValue(`Concept fiets ${stamp}`);
    await expect(page.getByTestId("listing-description")).toHaveValue("Nog niet af, maar de foto staat er al in.");
    await expect(page.getByTestId("listing-category")).toHaveValue("Fietsen");
    await expect(page.getByTestId("listing-image")).toHaveCount(1);

    // A reload too.
    await page.reload();
    await expect(page.getByTestId("listing-title")).toHaveValue(`Concept fiets ${stamp}`);
    await expect(page.getByTestId("listing-image")).toHaveCount(1);
    await expect(page.getByTestId("listing-draft-restored")).toBeVisible();
    expect(await axe(page)).toEqual([]);

    // Leaving through a link of the app asks first; staying keeps the form.
    await page.getByTestId("listing-title").fill(`Concept fiets ${stamp} blauw`);
    const asked: string[] = [];
    page.once("dialog", (dialog) => {
      asked.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.locator('header a[href="/"]').first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/^confirm: .*(leave|verlaten)/i);
    await expect(page).toHaveURL(/\/sell$/);
    await expect(page.getByTestId("listing-title")).toHaveValue(`Concept fiets ${stamp} blauw`);

    // Closing the tab asks too (beforeunload).
    const unloading = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await unloading;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    expect(errors).toEqual([]);
    await close();
  });

  test("3. the cart refreshes when it comes back into view and says what left it", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const seller = await registerAccount(request, "Mand Verkoper", PASSWORD);
    const buyer = await registerAccount(request, "Mand Koper", PASSWORD);
    const title = `Mandlamp ${stamp}`;
    const product = await listProductViaApi(request, seller, title, 25);
    expect((await request.post(`/api/cart/add?product_id=${product}`, { headers: as(buyer) })).ok()).toBe(true);

    const { page, errors, close } = await phone(browser, "nl", buyer);
    await open(page, "/cart");
    await expect(page.getByTestId("cart-item")).toHaveCount(1);
    await expect(page.getByTestId("header-cart-count")).toHaveText("1");

    // Bought "in another tab" (the API as the same buyer), then this tab comes back.
    await buyViaApi(request, buyer, product);
    await page.evaluate(() => {
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("focus"));
    });
    await expect(page.getByTestId("cart-item")).toHaveCount(0);
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    const notice = page.getByTestId("cart-changes");
    await expect(notice).toContainText(title);
    await expect(notice).toContainText("gekocht");
    await expect(page.getByTestId("header-cart-count")).toHaveCount(0);
    expect(await axe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  test("4. unpaid checkout attempts stay out of the orders list; filters for active, completed and cancelled", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const seller = await registerAccount(request, "Filter Verkoper", PASSWORD);
    const buyer = await registerAccount(request, "Filter Koper", PASSWORD);
    const first = await listProductViaApi(request, seller, `Filterstoel ${stamp}`, 20);
    const second = await listProductViaApi(request, seller, `Filtertafel ${stamp}`, 30);
    for (const id of [first, second]) expect((await request.post(`/api/cart/add?product_id=${id}`, { headers: as(buyer) })).ok()).toBe(true);
    // Two tries on the two-item cart, each cancelled: four unpaid attempts.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const started = await request.post("/api/payments/create-checkout-cart", { headers: as(buyer), data: {} });
      expect(started.status(), await started.text()).toBe(200);
      const session = (await started.json()).session_id as string;
      const cancelled = await request.post(`/api/payments/cancel-checkout/${session}`, { headers: as(buyer) });
      expect(cancelled.ok(), await cancelled.text()).toBe(true);
    }
    await buyViaApi(request, buyer, first);

    // The API's default is unchanged for the apps; the filter is a query parameter.
    const all = await request.get("/api/transactions", { headers: as(buyer) });
    expect(((await all.json()) as unknown[]).length).toBe(5);
    const cancelledOnly = await request.get("/api/transactions?status=cancelled", { headers: as(buyer) });
    expect(((await cancelledOnly.json()) as unknown[]).length).toBe(4);
    expect((await request.get("/api/transactions?status=bogus", { headers: as(buyer) })).status()).toBe(422);

    const { page, errors, close } = await phone(browser, "nl", buyer);
    await open(page, "/orders");
    await expect(page.getByTestId("orders-count")).toHaveText("1 bestelling");
    await expect(page.getByTestId("order-card")).toHaveCount(1);
    expect(await axe(page)).toEqual([]);

    const filters = page.getByTestId("orders-filters");
    await filters.getByRole("link", { name: "Geannuleerd" }).click();
    await expect(page).toHaveURL(/status=cancelled/);
    await expect(page.getByTestId("order-card")).toHaveCount(4);
    await filters.getByRole("link", { name: "Actief" }).click();
    await expect(page.getByTestId("order-card")).toHaveCount(1);
    await filters.getByRole("link", { name: "Afgerond" }).click();
    await expect(page.getByTestId("orders-empty")).toBeVisible();
    expect(errors).toEqual([]);
    await close();
  });

  test("5. a refused deletion names the payout date; a deletion says goodbye", async ({ browser, request }) => {
    test.setTimeout(240_000);
    const seller = await registerAccount(request, "Afscheid Verkoper", PASSWORD);
    const buyer = await registerAccount(request, "Afscheid Koper", PASSWORD);
    const title = `Afscheidsklok ${stamp}`;
    const product = await listProductViaApi(request, seller, title, 40);
    const order = await buyViaApi(request, buyer, product);
    const confirmed = await request.post(`/api/transactions/${order}/confirm-delivery`, { headers: as(buyer), data: { confirmation_type: "delivered" } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const releaseAt = new Date((await confirmed.json()).auto_release_at);
    const date = new Intl.DateTimeFormat("nl-NL", { day: "numeric", month: "long", timeZone: "Europe/Amsterdam" }).format(releaseAt);

    // The seller only waits for the automatic payout: refused, with the date.
    const sellerPhone = await phone(browser, "nl", seller);
    let page = sellerPhone.page;
    await open(page, "/dashboard?tab=settings");
    await page.getByTestId("settings-delete-open").click();
    await page.getByTestId("delete-account-password").fill(PASSWORD);
    await page.getByTestId("delete-account-confirm").click();
    await page.getByTestId("delete-account-submit").click();
    const refusal = page.getByTestId("delete-account-open");
    await expect(refusal).toContainText(title);
    await expect(refusal).toContainText("automatisch");
    await expect(refusal).toContainText(date);
    await expect(page.getByTestId("delete-account-possible-from")).toContainText(date);
    expect(await axe(page)).toEqual([]);
    await sellerPhone.close();

    // Someone without open orders: deleted, and the page they land on says so.
    const leaver = await registerAccount(request, "Vertrekker", PASSWORD);
    const leaverPhone = await phone(browser, "nl", leaver);
    page = leaverPhone.page;
    await open(page, "/dashboard?tab=settings");
    await page.getByTestId("settings-delete-open").click();
    await page.getByTestId("delete-account-password").fill(PASSWORD);
    await page.getByTestId("delete-account-confirm").click();
    await page.getByTestId("delete-account-submit").click();
    await expect(page.getByTestId("account-deleted")).toBeVisible();
    await expect(page.getByTestId("account-deleted")).toContainText("Je account is verwijderd");
    await expect(page.getByTestId("header-join")).toBeVisible();
    expect(await axe(page)).toEqual([]);
    expect(leaverPhone.errors).toEqual([]);
    await leaverPhone.close();
  });
});
