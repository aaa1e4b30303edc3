// An offer on a phone (Chromium at 390×844 with touch), told in each reader's language:
// the English seller's notification and chat preview in English with English money
// ("€45.00"), the Dutch buyer's preview in Dutch ("€ 45,00"); once the seller accepts,
// the buyer's chat no longer offers "Doe een bod".
import { expect, test, type Browser } from "@playwright/test";
import { as, listProductViaApi, open, registerAccount, signIn, watchErrors } from "./helpers";

const PASSWORD = "Bod-in-mijn-taal-wachtwoord-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function phone(browser: Browser, baseURL: string, lang: "nl" | "en") {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
  await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
  return context.newPage();
}

test("on a phone: an English seller reads the offer in English, the Dutch buyer in Dutch", async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const seller = await registerAccount(request, "Oliver Seller", PASSWORD);
  const buyer = await registerAccount(request, "Sanne Koper", PASSWORD);
  const english = await request.patch("/api/users/me/settings", { headers: as(seller), data: { locale: "en" } });
  expect(english.status(), await english.text()).toBe(200);
  const title = `Leren tas ${Date.now()}`;
  const productId = await listProductViaApi(request, seller, title, 60);
  const made = await request.post(`/api/products/${productId}/offers`, { headers: as(buyer), data: { amount: 45 } });
  expect(made.status(), await made.text()).toBe(201);
  const offer = (await made.json()) as { id: string; conversation_id: string };

  // ---- The seller, in English ----
  const sellerPage = await phone(browser, baseURL!, "en");
  const sellerErrors = watchErrors(sellerPage);
  await signIn(sellerPage, { email: seller.email, password: PASSWORD });
  await open(sellerPage, "/notifications");
  const note = sellerPage.getByTestId("notifications-list").getByTestId("notification-item").filter({ hasText: title });
  await expect(note).toContainText("New offer");
  await expect(note).toContainText(`Sanne Koper offers €45.00 for "${title}".`);
  await open(sellerPage, "/messages");
  const preview = sellerPage.getByTestId("conversation-item").filter({ hasText: title });
  await expect(preview.getByTestId("conversation-last")).toHaveText("Offer: €45.00");

  // ---- The buyer, in Dutch: the preview in Dutch, and the offer button until it is accepted ----
  const buyerPage = await phone(browser, baseURL!, "nl");
  const buyerErrors = watchErrors(buyerPage);
  await signIn(buyerPage, { email: buyer.email, password: PASSWORD });
  await open(buyerPage, "/messages");
  const mine = buyerPage.getByTestId("conversation-item").filter({ hasText: title });
  await expect(mine.getByTestId("conversation-last")).toHaveText(/^Bod: €\s45,00$/);
  await open(buyerPage, `/messages?c=${offer.conversation_id}`);
  await expect(buyerPage.getByTestId("thread")).toBeVisible();
  await expect(buyerPage.getByTestId("make-offer")).toHaveText("Doe een bod");

  const accepted = await request.post(`/api/offers/${offer.id}/accept`, { headers: as(seller), data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await open(buyerPage, `/messages?c=${offer.conversation_id}`);
  await expect(buyerPage.getByTestId("thread")).toBeVisible();
  await expect(buyerPage.getByTestId("thread-price")).toBeVisible();
  await expect(buyerPage.getByTestId("make-offer")).toHaveCount(0);

  // The seller hears of nothing in Dutch on the way.
  await open(sellerPage, "/messages");
  await expect(preview.getByTestId("conversation-last")).toHaveText("Offer: €45.00");
  expect(sellerErrors).toEqual([]);
  expect(buyerErrors).toEqual([]);
});
