// Messaging and offers in Chromium, a Dutch buyer and an English seller: a buyer contacts the seller from
// the product page, the seller (a second browser) sees the message appear without a
// reload, replies; the buyer makes an offer, the seller accepts, and the buyer pays the
// offer price (plus the 5% fee) through the test provider. Also: a scam warning under a
// flagged message, Enter/Shift+Enter in the composer, and Contact Seller logged out.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { listProductViaApi, open, registerAccount, signIn, watchErrors, type ApiAccount } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Berichten-wachtwoord-1";

type Account = ApiAccount;

const account = (request: APIRequestContext, name: string) => registerAccount(request, name, PASSWORD);
const listProduct = (request: APIRequestContext, seller: Account, title: string, price: number) => listProductViaApi(request, seller, title, price);
const login = (page: Page, who: Account) => signIn(page, { email: who.email, password: PASSWORD });

async function browserIn(browser: Browser, locale: "nl" | "en") {
  const context = await browser.newContext({ locale: locale === "nl" ? "nl-NL" : "en-GB" });
  await context.addCookies([{ name: "kringwaar_locale", value: locale, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

const TEXT = {
  nl: { offerAccepted: "Bod geaccepteerd", sold: "Je artikel is verkocht", offerMade: "Nieuw bod", contact: "Verkoper een bericht sturen", started: "Gesprek gestart!", buy: "Koop voor", accepted: "Geaccepteerd", warning: "Let op", total: "84,00", amount: "80" },
  en: { offerAccepted: "Offer accepted", sold: "Your item has been sold", offerMade: "New offer", contact: "Contact seller", started: "Conversation started!", buy: "Buy for", accepted: "Accepted", warning: "Careful", total: "84.00", amount: "80" },
} as const;

test.describe.configure({ mode: "serial" });

// Once, with the two people in different languages: the buyer in Dutch, the seller in
// English. Each sees every text of the conversation in their own language (and the
// notifications the other's actions send them), and the journey is run once rather than
// once per language.
const LANGUAGES = [{ buyer: "nl", seller: "en" }] as const;

for (const languages of LANGUAGES) {
  test(`buyer ${languages.buyer}, seller ${languages.seller}: contact, live reply, offer, accept and pay the offer price`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const text = TEXT[languages.buyer];
    const sellerText = TEXT[languages.seller];
    const seller = await account(request, `Verkoper ${languages.seller}`);
    const buyer = await account(request, `Koper ${languages.buyer}`);
    const title = `Gazelle fiets ${stamp}`;
    const productId = await listProduct(request, seller, title, 100);

    const buyerPage = await browserIn(browser, languages.buyer);
    const sellerPage = await browserIn(browser, languages.seller);
    const buyerErrors = watchErrors(buyerPage);
    const sellerErrors = watchErrors(sellerPage);
    await login(buyerPage, buyer);
    await login(sellerPage, seller);
    // The seller has /messages open before anything arrives.
    await open(sellerPage, "/messages");
    await expect(sellerPage.getByTestId("conversations-empty")).toBeVisible();

    // The buyer writes from the product page.
    await open(buyerPage, `/product/${productId}`);
    await expect(buyerPage.getByTestId("contact-seller")).toHaveText(text.contact);
    await buyerPage.getByTestId("contact-seller").click();
    await buyerPage.getByTestId("start-conversation-text").fill(`Is de fiets nog te koop? ${stamp}`);
    await buyerPage.getByTestId("start-conversation-submit").click();
    await expect(buyerPage.getByText(text.started)).toBeVisible();
    await expect(buyerPage).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
    const conversationId = new URL(buyerPage.url()).searchParams.get("c")!;

    // The seller sees it without reloading, within 2 seconds (the live event stream).
    const item = sellerPage.locator(`[data-testid="conversation-item"][data-conversation-id="${conversationId}"]`);
    await expect(item).toBeVisible({ timeout: 2_000 });
    await expect(item.getByTestId("conversation-unread")).toBeVisible();
    await item.click();
    await expect(sellerPage.getByTestId("message-content").last()).toHaveText(`Is de fiets nog te koop? ${stamp}`);

    // Shift+Enter is a new line, Enter sends; blank is not sent.
    const composer = sellerPage.getByTestId("composer");
    await composer.press("Enter");
    await expect(sellerPage.getByTestId("message")).toHaveCount(1);
    await composer.fill("Ja, nog te koop!");
    await composer.press("Shift+Enter");
    await composer.pressSequentially("Ophalen kan zaterdag.");
    await composer.press("Enter");
    await expect(composer).toHaveValue("");
    await expect(buyerPage.getByTestId("message-content").last()).toHaveText("Ja, nog te koop!\nOphalen kan zaterdag.", { timeout: 7_000 });

    // A payment link from the seller shows the buyer a warning.
    await composer.fill("Of betaal via https://tikkie.me/pay/abc123");
    await composer.press("Enter");
    const flagged = buyerPage.getByTestId("message").filter({ hasText: "tikkie.me" });
    await expect(flagged.getByTestId("message-warning")).toContainText(text.warning, { timeout: 7_000 });

    // The buyer offers € 80 on the € 100 bicycle.
    await buyerPage.getByTestId("make-offer").click();
    await expect(buyerPage.getByTestId("offer-dialog-price")).toContainText("100");
    await buyerPage.getByTestId("offer-amount").fill("120");
    await buyerPage.getByTestId("offer-submit").click();
    await expect(buyerPage.getByTestId("offer-error")).toBeVisible();
    await buyerPage.getByTestId("offer-amount").fill(text.amount);
    await buyerPage.getByTestId("offer-submit").click();
    await expect(buyerPage.getByTestId("offer-card").last()).toHaveAttribute("data-status", "pending");

    // The seller accepts it.
    const offer = sellerPage.getByTestId("offer-card").last();
    await expect(offer).toHaveAttribute("data-status", "pending", { timeout: 7_000 });
    await offer.getByTestId("offer-accept").click();
    await expect(offer).toHaveAttribute("data-status", "accepted");
    await expect(offer.getByTestId("offer-status")).toContainText(sellerText.accepted);

    // The buyer buys at the offer price: € 80 plus the 5% fee.
    const buy = buyerPage.getByTestId("offer-buy");
    await expect(buy).toContainText(text.buy, { timeout: 7_000 });
    await buy.click();
    await expect(buyerPage).toHaveURL(/\/checkout\/test\/cs_testmode_/);
    await buyerPage.getByTestId("test-pay").click();
    await expect(buyerPage.getByTestId("payment-success")).toBeVisible();
    await expect(buyerPage.getByTestId("payment-total")).toContainText(text.total);

    // Both bells show what happened.
    for (const [page, titles] of [
      [buyerPage, [text.offerAccepted]],
      [sellerPage, [sellerText.offerMade, sellerText.sold]],
    ] as const) {
      await expect(page.getByTestId("notification-badge")).toBeVisible();
      await page.getByTestId("notification-bell").click();
      const dropdown = page.getByTestId("notification-dropdown");
      for (const title of titles) await expect(dropdown.getByTestId("notification-item").filter({ hasText: title }).first()).toBeVisible();
      await page.keyboard.press("Escape");
    }

    // The seller's sale shows a message button; the dashboard lists the conversation.
    await open(sellerPage, "/dashboard?tab=sales");
    const sale = sellerPage.locator('[data-testid="sale-card"]').filter({ hasText: title });
    await expect(sale.getByTestId("message-buyer")).toBeVisible();
    await open(sellerPage, "/dashboard?tab=messages");
    await expect(sellerPage.getByTestId("dashboard-messages").locator(`[data-conversation-id="${conversationId}"]`)).toBeVisible();

    expect(buyerErrors).toEqual([]);
    expect(sellerErrors).toEqual([]);
    await buyerPage.context().close();
    await sellerPage.context().close();
  });
}

test("logged out, Contact Seller asks to log in", async ({ page, request }) => {
  const seller = await account(request, "Verkoper Uitgelogd");
  const productId = await listProduct(request, seller, `Lamp ${stamp}`, 20);
  await open(page, `/product/${productId}`);
  await page.getByTestId("contact-seller").click();
  await expect(page.getByText("Log in om de verkoper te benaderen")).toBeVisible();
  await expect(page.getByTestId("login-email")).toBeVisible();
});
