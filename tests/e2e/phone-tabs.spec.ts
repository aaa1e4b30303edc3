// The phone's tab bar, in Chromium at 390×844 with touch, in Dutch and
// English: visitors have none; a signed-in user has Zoeken, Favorieten, Verkopen,
// Berichten (with the number of conversations holding unread messages, gone once read)
// and Profiel; the cart and orders are one tap away in the header; logging out is not a
// one-tap icon beside the avatar but a button in the profile that asks first.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { as, listProductViaApi, signIn, open, registerAccount, watchErrors } from "./helpers";

const PASSWORD = "Tabbalk-wachtwoord-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const TEXT = {
  nl: {
    tabs: ["Zoeken", "Favorieten", "Verkopen", "Berichten", "Profiel"],
    unread: "1 gesprek met ongelezen berichten",
    cart: "Winkelwagen",
    orders: "Bestellingen",
    logout: "Uitloggen",
    cancel: "Annuleren",
  },
  en: {
    tabs: ["Search", "Favourites", "Sell", "Messages", "Profile"],
    unread: "1 conversation with unread messages",
    cart: "Cart",
    orders: "Orders",
    logout: "Log out",
    cancel: "Cancel",
  },
} as const;

async function axe(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  const result = await (within ? builder.include(within) : builder).options({ resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const lang of ["nl", "en"] as const) {
  test(`on a phone: the tab bar with unread messages, cart and orders one tap away, logout in the profile with a question (${lang})`, async ({ browser, request, baseURL }) => {
    test.setTimeout(240_000);
    const text = TEXT[lang];
    const seller = await registerAccount(request, `Tab Verkoper ${lang}`);
    const buyer = await registerAccount(request, `Tab Koper ${lang}`, PASSWORD);
    const productId = await listProductViaApi(request, seller, `Tabbalk lamp ${lang} ${Date.now()}`, 25);
    const started = await request.post("/api/conversations", {
      headers: as(buyer),
      data: { product_id: productId, recipient_id: seller.id, initial_message: "Is de lamp er nog?" },
    });
    expect(started.status(), await started.text()).toBe(201);
    const conversationId = (await started.json()).id as string;
    const reply = await request.post(`/api/conversations/${conversationId}/messages`, {
      headers: as(seller),
      data: { content: "Ja, hij is er nog." },
    });
    expect(reply.status(), await reply.text()).toBe(201);

    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // A visitor has no tab bar.
    await open(page, "/");
    await expect(page.getByTestId("header-join")).toBeVisible();
    await expect(page.getByTestId("tab-bar")).toHaveCount(0);

    await signIn(page, { email: buyer.email, password: PASSWORD });
    const bar = page.getByTestId("tab-bar");
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height, "the bar sits at the bottom of the screen").toBeGreaterThanOrEqual(843);
    // Each tab's visible label (the count's badge and its spoken text aside).
    const labels = await bar.getByRole("link").evaluateAll((links) =>
      links.map((link) => link.querySelector(":scope > span:nth-of-type(2)")?.textContent?.trim()),
    );
    expect(labels).toEqual(text.tabs.map(String));
    // Berichten counts the conversation with the seller's unread reply.
    await expect(page.getByTestId("tab-messages-count")).toHaveText("1");
    await expect(page.getByTestId("tab-messages")).toContainText(text.unread);
    // The cart and orders one tap away; no logout icon beside the avatar.
    await expect(page.getByRole("link", { name: text.cart, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: text.orders, exact: true })).toBeVisible();
    await expect(page.getByTestId("header-logout")).toBeHidden();
    // axe once the "logged in" toast has faded (it is translucent while it animates).
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    expect(await axe(page)).toEqual([]);

    await page.getByTestId("tab-sell").tap();
    await expect(page).toHaveURL(/\/sell$/);
    await expect(page.getByTestId("tab-sell")).toHaveAttribute("aria-current", "page");

    await page.getByRole("link", { name: text.orders, exact: true }).tap();
    await expect(page).toHaveURL(/\/orders$/);

    // Reading the conversation clears the count.
    await page.getByTestId("tab-messages").tap();
    await expect(page).toHaveURL(/\/messages/);
    await page.getByTestId("conversation-last").first().tap();
    await expect(page.getByTestId("message-content").filter({ hasText: "Ja, hij is er nog." })).toBeVisible();
    await expect(page.getByTestId("tab-messages-count")).toHaveCount(0);
    // The open conversation is full screen without the bar (docs/phone.md); back to the list brings it back.
    await expect(bar).toBeHidden();
    await page.getByTestId("thread-back").tap();
    await expect(bar).toBeVisible();

    // Profiel: logging out asks first; cancel keeps the session, confirming ends it.
    await page.getByTestId("tab-profile").tap();
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByTestId("profile-logout").tap();
    const dialog = page.getByTestId("logout-dialog");
    await expect(dialog).toBeVisible();
    expect(await axe(page, '[data-testid="logout-dialog"]')).toEqual([]);
    await dialog.getByRole("button", { name: text.cancel }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(bar).toBeVisible();
    await page.getByTestId("profile-logout").tap();
    await page.getByTestId("logout-confirm").tap();
    await expect(page.getByTestId("header-join")).toBeVisible();
    await expect(page.getByTestId("tab-bar")).toHaveCount(0);

    expect(errors).toEqual([]);
    await context.close();
  });
}
