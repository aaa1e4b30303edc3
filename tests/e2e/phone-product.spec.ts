// The product page on a phone (390×844, touch), in nl and en
// (docs/phone.md, "Product page on a phone"): the gallery swipes (the counter
// follows), a tap opens the full-screen viewer where a pinch zooms; the sticky bar keeps
// the price, "Nu kopen" and "Doe een bod" in view above the tab bar while scrolling; an
// offer from the listing below the seller's minimum is refused with the message and a good
// one lands in the chat; the seller card shows member since, sales, usual response time
// and last active; axe finds nothing once the toasts are gone. The price the buyer pays
// (with the buyer-protection fee) stands beside the item's price on the page, in the
// sticky bar and on the cards, and shipping says "from".
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { as, listProductViaApi, signIn, open, registerAccount, watchErrors } from "./helpers";

const PASSWORD = "Fout-wachtwoord-proef-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const stamp = Date.now();

const TEXT = {
  nl: {
    price: "100,00",
    offer: "Doe een bod",
    buy: "Nu kopen",
    tooLow: "Dit bod is te laag voor de verkoper",
    sent: "Je bod is verstuurd",
    memberSince: /^Lid sinds [a-z]+ \d{4}$/,
    sales: "Nog niets verkocht",
    response: "Reageert meestal binnen een uur",
    active: "Vandaag actief",
    shown: "75,00",
  },
  en: {
    price: "100.00",
    offer: "Make an offer",
    buy: "Buy now",
    tooLow: "This offer is too low for the seller",
    sent: "Your offer has been sent",
    memberSince: /^Member since [A-Z][a-z]+ \d{4}$/,
    sales: "No sales yet",
    response: "Usually responds within an hour",
    active: "Active today",
    shown: "75.00",
  },
} as const;

async function axe(page: Page, within: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).include(within);
  const result = await builder.options({ resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function noToasts(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("a phone buyer swipes, zooms, uses the sticky bar, makes an offer from the listing and sees the seller's figures, in nl and en", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const seller = await registerAccount(request, "Verkoper Productpagina");
  // A chat the seller answers at once: "usually responds within an hour".
  const asker = await registerAccount(request, "Vrager Productpagina");
  const first = await listProductViaApi(request, seller, `Vraagkast ${stamp}`, 60);
  const started = await request.post("/api/conversations", { headers: as(asker), data: { product_id: first, recipient_id: seller.id, initial_message: "Nog te koop?" } });
  expect(started.status()).toBe(201);
  const replied = await request.post(`/api/conversations/${(await started.json()).id}/messages?content=Ja`, { headers: as(seller) });
  expect(replied.status(), await replied.text()).toBe(201);

  for (const lang of ["nl", "en"] as const) {
    const text = TEXT[lang];
    const productId = await listProductViaApi(request, seller, `Rotan fauteuil ${lang} ${stamp}`, 100, undefined, "good", { photos: 3, fields: { min_offer: 70 } });
    const buyer = await registerAccount(request, `Koper Productpagina ${lang}`);

    const baseURL = test.info().project.use.baseURL!;
    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const cdp = await context.newCDPSession(page);

    await signIn(page, { email: buyer.email, password: PASSWORD });
    await open(page, `/product/${productId}`);

    // The seller card's figures.
    await expect(page.getByTestId("seller-member-since-month")).toHaveText(text.memberSince);
    await expect(page.getByTestId("seller-sales")).toHaveText(text.sales);
    await expect(page.getByTestId("seller-response")).toHaveText(text.response);
    await expect(page.getByTestId("seller-last-active")).toHaveText(text.active);

    // Swipe the gallery with a finger: the counter follows.
    const counter = page.getByTestId("gallery-counter");
    await expect(counter).toHaveText("1 / 3");
    const track = (await page.getByTestId("gallery-track").boundingBox())!;
    // A finger from right to left over the photo (CDP touch events: the browser scrolls the strip itself).
    const y = Math.round(track.y + track.height / 2);
    const from = Math.round(track.x + track.width * 0.85);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y, id: 1 }] });
    for (let step = 1; step <= 8; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from - step * 30, y, id: 1 }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(counter).toHaveText("2 / 3");
    await expect(page.getByTestId("gallery-image")).toHaveAttribute("data-index", "1");

    // A tap opens the full screen at that photo; a pinch zooms in.
    await page.getByTestId("gallery-image").tap();
    const viewer = page.getByTestId("photo-viewer");
    await expect(viewer).toBeVisible();
    await expect(page.getByTestId("photo-viewer-counter")).toHaveText("2 / 3");
    const image = page.getByTestId("photo-viewer-image");
    await expect(image).toHaveAttribute("data-scale", "1.00");
    const stage = (await page.getByTestId("photo-viewer-stage").boundingBox())!;
    const cx = Math.round(stage.x + stage.width / 2);
    const cy = Math.round(stage.y + stage.height / 2);
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 1 },
      { x: cx + spread, y: cy, id: 2 },
    ];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(20) });
    for (const spread of [40, 60, 80, 100]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(spread) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(async () => Number(await image.getAttribute("data-scale"))).toBeGreaterThan(2);
    expect(await image.evaluate((el) => getComputedStyle(el).transform)).not.toBe("none");
    // The zoom button fits it again; the arrow key shows the next photo; Escape closes at that photo.
    await page.getByTestId("photo-viewer-zoom").click();
    await expect(image).toHaveAttribute("data-scale", "1.00");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("photo-viewer-counter")).toHaveText("3 / 3");
    expect(await axe(page, "[data-testid=photo-viewer]")).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(viewer).toHaveCount(0);
    await expect(counter).toHaveText("3 / 3");

    // A swipe that starts on an arrow moves the photos too: the strip follows the finger
    // on "previous" and settles one photo back (not two: the release is no extra tap).
    const strip = page.getByTestId("gallery-track");
    const scrolled = () => strip.evaluate((el) => el.scrollLeft);
    const before = await scrolled();
    const arrow = (await page.getByTestId("gallery-prev").boundingBox())!;
    const ax = Math.round(arrow.x + arrow.width / 2);
    const ay = Math.round(arrow.y + arrow.height / 2);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: ax, y: ay, id: 1 }] });
    for (let step = 1; step <= 8; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: ax + step * 25, y: ay, id: 1 }] });
    }
    expect(await scrolled(), "the strip follows the finger").toBeLessThan(before - 100);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(counter).toHaveText("2 / 3");
    await expect(page.getByTestId("gallery-image")).toHaveAttribute("data-index", "1");

    // The sticky bar: price and both buttons, above the tab bar, also after scrolling.
    const bar = page.getByTestId("product-sticky-bar");
    await expect(bar).toBeVisible();
    await expect(page.getByTestId("sticky-price")).toContainText(text.price);
    await expect(page.getByTestId("sticky-buy-now")).toHaveText(text.buy);
    await expect(page.getByTestId("sticky-make-offer")).toHaveText(text.offer);
    await page.mouse.wheel(0, 1500);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar).toBeInViewport();
    const tabBar = (await page.getByTestId("tab-bar").boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(tabBar.y + 1);
    // The end of the page is not under the bar: the last content ends above it.
    const footerBottom = await page.evaluate(() => document.querySelector("body footer:last-of-type")?.getBoundingClientRect().bottom ?? 0);
    expect(footerBottom).toBeLessThanOrEqual(barBox.y + 1);

    await noToasts(page);
    expect(await axe(page, "main")).toEqual([]);

    // An offer from the listing: under the seller's minimum refused with the message, then a good one.
    await page.getByTestId("sticky-make-offer").click();
    const dialog = page.getByTestId("listing-offer-dialog");
    await expect(dialog).toBeVisible();
    await page.getByTestId("listing-offer-amount").fill("40");
    await page.getByTestId("listing-offer-submit").click();
    await expect(page.getByTestId("listing-offer-error")).toContainText(text.tooLow);
    expect(await axe(page, "[data-testid=listing-offer-dialog]")).toEqual([]);
    await page.getByTestId("listing-offer-amount").fill("75");
    await page.getByTestId("listing-offer-submit").click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: text.sent })).toBeVisible();
    await expect(page).toHaveURL(/\/messages\?c=/);
    const card = page.getByTestId("offer-card").last();
    await expect(card).toBeVisible();
    await expect(card.getByTestId("offer-amount-shown")).toContainText(text.shown);
    await expect(card).toHaveAttribute("data-status", "pending");

    // The refused offer's 422 is the only failed request.
    expect(errors.filter((error) => !/status of 422[\s\S]*\/api\/products\/[^/]+\/offers/.test(error))).toEqual([]);
    await context.close();
  }
});

const ALL_IN = {
  nl: { price: /^€\s?35,00$/, total: /€\s?36,75\s*incl\. kopersbescherming/, shipping: /Verzenden vanaf\s€\s?4,45/ },
  en: { price: /^€\s?35\.00$/, total: /€\s?36\.75\s*incl\. buyer protection/, shipping: /Shipping from\s€\s?4\.45/ },
} as const;

for (const lang of ["nl", "en"] as const) {
  test(`${lang}: the price with the buyer-protection fee beside the price, on the page, the sticky bar and the cards`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const text = ALL_IN[lang];
    const seller = await registerAccount(request, `Verkoper allin ${lang}`);
    const title = `Allin kastje ${lang} ${stamp}`;
    const productId = await listProductViaApi(request, seller, title, 35, undefined, "good", { fields: { delivery_options: ["pickup", "shipping"], parcel_size: "mailbox" } });
    // A second listing, so the page's "more from this seller" shows a card.
    await listProductViaApi(request, seller, `Allin plankje ${lang} ${stamp}`, 35);

    const baseURL = test.info().project.use.baseURL!;
    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL }]);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Server-rendered: the figure is in the HTML before any script runs.
    const html = await (await request.get(`/product/${productId}`, { headers: { cookie: `kringwaar_locale=${lang}` } })).text();
    expect(html.replace(/<!-- -->/g, "").replace(/\u00a0/g, " ")).toMatch(lang === "nl" ? /36,75/ : /36\.75/);

    await open(page, `/product/${productId}`);
    await expect(page.getByTestId("product-price")).toHaveText(text.price);
    await expect(page.getByTestId("product-all-in")).toHaveText(text.total);
    await expect(page.getByTestId("product-all-in")).toBeInViewport();
    await expect(page.getByTestId("product-shipping")).toHaveText(text.shipping);
    // As prominent as the price: the same size of type.
    const size = (testId: string) => page.getByTestId(testId).evaluate((el) => getComputedStyle(el.querySelector("span") ?? el).fontSize);
    expect(await size("product-all-in")).toBe(await page.getByTestId("product-price").evaluate((el) => getComputedStyle(el).fontSize));
    await expect(page.getByTestId("sticky-all-in")).toHaveText(text.total);

    const more = page.getByTestId("more-from-seller").getByTestId("product-card").first();
    await more.scrollIntoViewIfNeeded();
    await expect(more.getByTestId("product-card-total")).toHaveText(text.total);

    await open(page, `/browse?search=${encodeURIComponent(title)}`);
    const card = page.locator(`[data-testid="product-card"][data-product-id="${productId}"]`);
    await expect(card.getByTestId("product-card-total")).toHaveText(text.total);
    await expect(card.getByTestId("product-card-shipping")).toHaveText(text.shipping);
    expect(errors).toEqual([]);
    await context.close();
  });
}
