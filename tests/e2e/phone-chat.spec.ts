// Chat and support on a phone, in Chromium at 390×844 with
// touch, in Dutch and English: from an order card to the chat with the seller (started
// there, then full screen with the item and its price on top, no tab bar, no keyboard
// hint, Enter a new line, back to the list), a photo sent and seen on both sides, the
// review reached from the order card; support one screen at a time (list, new ticket,
// ticket) and Support in the menu; axe at zero once the toasts are gone.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { as, listProductViaApi, signIn, registerAccount, watchErrors } from "./helpers";

const PASSWORD = "Telefoon-chat-wachtwoord-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const TEXT = {
  nl: { messageSeller: "Bericht aan verkoper", review: "Beoordeling schrijven", price: "€ 35,00", support: "Support" },
  en: { messageSeller: "Message seller", review: "Write a review", price: "€35.00", support: "Support" },
} as const;

async function axe(page: Page): Promise<string[]> {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const lang of ["nl", "en"] as const) {
  test(`on a phone: order card → full-screen chat with a photo, the review, support one screen at a time (${lang})`, async ({ browser, request, baseURL }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const seller = await registerAccount(request, `Chat Verkoper ${lang}`);
    const buyer = await registerAccount(request, `Chat Koper ${lang}`, PASSWORD);
    const title = `Chat lamp ${lang} ${Date.now()}`;
    const productId = await listProductViaApi(request, seller, title, 35);
    // Bought and handed over through the API: the card then offers the chat and the review.
    const started = await request.post("/api/payment/create-checkout", { headers: as(buyer), data: { product_id: productId } });
    expect(started.status(), await started.text()).toBe(200);
    const session = (await started.json()).session_id as string;
    const paid = await request.post(`/api/payments/test-checkout/${session}/pay`, { headers: { ...as(buyer), accept: "application/json" } });
    expect(paid.status(), await paid.text()).toBe(200);
    const orders = (await (await request.get("/api/transactions", { headers: as(buyer) })).json()) as { id: string; product_id: string }[];
    const orderId = orders.find((o) => o.product_id === productId)!.id;
    const confirmed = await request.post(`/api/transactions/${orderId}/confirm-delivery`, {
      headers: as(buyer),
      data: { transaction_id: orderId, confirmation_type: "delivered" },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: buyer.email, password: PASSWORD });

    // ---- From the order card to the chat, started there ----
    await page.goto("/orders");
    const card = page.getByTestId("order-card").filter({ hasText: title });
    await expect(card.getByTestId("order-write-review")).toHaveText(text.review);
    await card.getByTestId("order-message-seller").click();
    await expect(card.getByTestId("order-message-seller")).toHaveText(text.messageSeller);
    await page.getByTestId("start-conversation-text").fill("Hoi! Nog een vraag over de lamp.");
    await page.getByTestId("start-conversation-submit").click();
    await expect(page).toHaveURL(/\/messages\?c=/);
    const conversationId = new URL(page.url()).searchParams.get("c")!;

    // Full screen: the item with its price on top, no tab bar, the composer at the bottom.
    const pane = page.getByTestId("thread-pane");
    await expect(page.getByTestId("message-content")).toHaveText("Hoi! Nog een vraag over de lamp.");
    const box = (await pane.boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
    expect(box.height).toBeGreaterThanOrEqual(800);
    await expect(page.getByTestId("thread-product")).toContainText(title);
    await expect(page.getByTestId("thread-price")).toContainText(text.price);
    await expect(page.getByTestId("thread-product")).toHaveAttribute("href", `/product/${productId}`);
    await expect(page.getByTestId("tab-bar")).toBeHidden();
    const send = (await page.getByTestId("composer-send").boundingBox())!;
    expect(send.y + send.height, "the composer sits at the bottom").toBeGreaterThan(760);
    // No keyboard hint on touch; Enter is a new line, not a send.
    await expect(page.getByTestId("composer-hint")).toBeHidden();
    const composer = page.getByTestId("composer");
    await composer.fill("Eerste regel");
    await composer.press("Enter");
    await composer.pressSequentially("tweede regel");
    await expect(composer).toHaveValue("Eerste regel\ntweede regel");
    await expect(page.getByTestId("message")).toHaveCount(1);
    await composer.fill("");

    // ---- A photo, seen in the thread and by the seller ----
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 220, g: 120, b: 40 } } }).jpeg().toBuffer();
    await page.getByTestId("composer-file").setInputFiles({ name: "lamp.jpg", mimeType: "image/jpeg", buffer: photo });
    await expect(page.getByTestId("composer-photos").locator("img")).toHaveCount(1);
    await page.getByTestId("composer-send").click();
    const shown = page.getByTestId("message-photo").locator("img");
    await expect(shown).toHaveCount(1);
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const href = await page.getByTestId("message-photo").getAttribute("href");
    expect(href).toMatch(/^\/api\/messages\/images\/[0-9a-f-]{36}$/);
    const theirs = await (await request.get(`/api/conversations/${conversationId}/messages`, { headers: as(seller) })).json();
    expect(theirs.at(-1).images[0]).toMatchObject({ url: href, width: 640, height: 480 });
    expect((await request.get(href!, { headers: as(seller) })).status()).toBe(200);
    expect(await axe(page)).toEqual([]);

    // Back to the list; the tab bar returns.
    await page.getByTestId("thread-back").click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByTestId("conversation-list")).toBeVisible();
    await expect(pane).toBeHidden();
    await expect(page.getByTestId("tab-bar")).toBeVisible();

    // ---- The order card again: the chat now opens at once, and the review ----
    await page.goto("/orders");
    await card.getByTestId("order-message-seller").click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?c=${conversationId}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/orders/);
    await card.getByTestId("order-write-review").click();
    await expect(page).toHaveURL(new RegExp(`/product/${productId}#reviews$`));
    await expect(page.getByTestId("review-form")).toBeVisible();

    // ---- Support: in the menu, then one screen at a time ----
    await page.getByTestId("header-menu").click();
    await page.getByTestId("mobile-menu").getByRole("link", { name: text.support }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByTestId("support-list")).toBeVisible();
    await expect(page.getByTestId("new-ticket-form")).toBeHidden();
    await expect(page.getByTestId("support-detail")).toBeHidden();
    await page.getByTestId("support-new-ticket").click();
    await expect(page).toHaveURL(/\/support\?new=1$/);
    await expect(page.getByTestId("support-list")).toBeHidden();
    await page.getByTestId("ticket-subject").fill("Vraag over mijn bestelling");
    await page.getByTestId("ticket-message").fill("Waar vind ik mijn ophaalcode terug?");
    expect(await axe(page)).toEqual([]);
    await page.getByTestId("ticket-submit").click();
    await expect(page).toHaveURL(/\/support\?ticket=/);
    await expect(page.getByTestId("ticket-detail")).toBeVisible();
    await expect(page.getByTestId("support-list")).toBeHidden();
    await expect(page.getByTestId("new-ticket-form")).toBeHidden();
    expect(await axe(page)).toEqual([]);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByTestId("my-ticket")).toHaveCount(1);
    await expect(page.getByTestId("support-detail")).toBeHidden();

    expect(errors).toEqual([]);
    await context.close();
  });
}
