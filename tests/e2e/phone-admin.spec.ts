// The admin pages in Chromium at 390×844 with touch. Admin on a phone, in Dutch
// and English: the users and products tables as cards (no column narrow enough to break
// words letter by letter), money in the page's language ("€ 39,95", "€39.95"), the chart's
// day labels apart, the audit log as readable rows with the details folded, the /admin
// link in the menu for an admin only (and in the desktop header), axe at zero. The small
// ones, in Dutch: a used (or made-up) reset link says so before any form, and a browser
// whose session was ended by a password change on another device says why. (After a
// listing the new product's page opens: listing.spec.ts.)
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { listProductViaApi, loginInDialog, open, registerAccount, watchErrors } from "./helpers";

const ADMIN = { email: "admin@kringwaar.nl", password: "Kringwaar2026!" };
const PASSWORD = "Beheer-telefoon-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const TEXT = {
  nl: { price: "€ 39,95", featured: "Product uitgelicht!", action: "Product uitgelicht", by: `door ${ADMIN.email}`, admin: "Beheer" },
  en: { price: "€39.95", featured: "Product featured!", action: "Product featured", by: `by ${ADMIN.email}`, admin: "Admin" },
} as const;

async function axe(page: Page): Promise<string[]> {
  // Once the toasts have gone (translucent while they animate).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("admin on a phone: cards, money in the page's language, chart labels apart, audit rows, the /admin link (nl, en)", async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const seller = await registerAccount(request, "Kaart Verkoper", PASSWORD);
  const stamp = Date.now();
  const titles = { nl: `Beheerlamp ${stamp}`, en: `Admin lamp ${stamp}` };
  await listProductViaApi(request, seller, titles.nl, 39.95);
  await listProductViaApi(request, seller, titles.en, 39.95);

  // A normal user has no way to /admin, in the menu or the header.
  const userContext = await browser.newContext({ ...PHONE, baseURL, locale: "nl-NL" });
  const userPage = await userContext.newPage();
  await loginInDialog(userPage, { email: seller.email, password: PASSWORD });
  await userPage.getByTestId("header-menu").tap();
  await expect(userPage.getByTestId("mobile-menu")).toBeVisible();
  await expect(userPage.getByTestId("mobile-admin-link")).toHaveCount(0);
  await expect(userPage.getByTestId("header-admin")).toHaveCount(0);
  await userContext.close();

  for (const lang of ["nl", "en"] as const) {
    const text = TEXT[lang];
    const title = titles[lang];
    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // The admin: /admin from the phone's menu.
    await loginInDialog(page, ADMIN);
    await expect(page.getByTestId("header-admin")).toBeHidden();
    await page.getByTestId("header-menu").tap();
    const adminLink = page.getByTestId("mobile-admin-link");
    await expect(adminLink).toHaveText(text.admin);
    await adminLink.tap();
    await expect(page).toHaveURL(/\/admin$/);

    // The chart's day labels: none overlaps another, all on the screen.
    const ticks = page.getByTestId("chart-tick");
    const boxes = (await ticks.evaluateAll((els) =>
      els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    )) as Box[];
    expect(boxes.length).toBeGreaterThanOrEqual(2);
    for (const [i, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(390);
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b), `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
    }
    // The admin pages' strip: the current page in view, touch-sized.
    const current = page.getByTestId("admin-sidebar").locator('[aria-current="page"]');
    await expect(current).toBeInViewport();
    expect((await current.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await axe(page)).toEqual([]);

    // Users as cards: each field as wide as the card, the header row only for screen readers.
    await page.getByTestId("admin-sidebar").getByRole("link", { name: lang === "nl" ? "Gebruikers" : "Users" }).tap();
    await expect(page).toHaveURL(/\/admin\/users$/);
    const card = page.locator(`[data-testid="user-row"][data-email="${seller.email}"]`);
    await page.getByTestId("admin-search").fill(seller.email);
    await page.getByTestId("admin-search").press("Enter");
    await expect(card).toBeVisible();
    await expect(page.getByTestId("users-table").locator("thead")).toHaveCSS("position", "absolute");
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.width).toBeGreaterThan(320);
    for (const width of await card.locator("td").evaluateAll((cells) => cells.filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => c.getBoundingClientRect().width))) {
      expect(width, "no narrow column on a phone").toBeGreaterThan(280);
    }
    await expect(card.getByTestId("user-ban")).toBeVisible();
    expect(await axe(page)).toEqual([]);

    // Products as cards, the price in the page's language; feature it for the audit log.
    await page.getByTestId("admin-sidebar").getByRole("link", { name: lang === "nl" ? "Producten" : "Products" }).tap();
    await page.getByTestId("admin-search").fill(title);
    await page.getByTestId("admin-search").press("Enter");
    const product = page.locator(`[data-testid="product-row"][data-title="${title}"]`);
    await expect(product.getByTestId("product-price")).toHaveText(text.price);
    await product.getByTestId("product-feature").tap();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: text.featured })).toBeVisible();

    // The audit log: readable rows (what, on what, by whom, when), the details folded.
    await open(page, "/admin/audit");
    const row = page.locator('[data-testid="audit-row"][data-action="product.feature"]').first();
    await expect(row.getByTestId("audit-what")).toContainText(text.action);
    await expect(row.getByTestId("audit-who")).toHaveText(text.by);
    await expect(row.getByTestId("audit-when")).toBeVisible();
    await expect(row.locator("details")).not.toHaveAttribute("open");
    expect((await row.boundingBox())!.width).toBeGreaterThan(320);
    expect(await axe(page)).toEqual([]);

    // From lg up the header carries the link itself.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByTestId("header-admin")).toHaveText(text.admin);
    await expect(page.getByTestId("header-admin")).toHaveAttribute("aria-current", "page");

    expect(errors).toEqual([]);
    await context.close();
  }
});

test("small ones on a phone: a used reset link says so first; the other device learns why it was logged out (nl)", async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const user = await registerAccount(request, "Twee Apparaten", PASSWORD);
  const context = await browser.newContext({ ...PHONE, baseURL, locale: "nl-NL" });
  await context.addCookies([{ name: "kringwaar_locale", value: "nl", url: baseURL! }]);
  const page = await context.newPage();
  const errors = watchErrors(page);

  // A used, expired or made-up link: the message and a way to a new one, no form.
  await open(page, "/reset-password?token=al-gebruikt-0123456789abcdef");
  await expect(page.getByTestId("reset-link-used")).toContainText("Deze link is al gebruikt of verlopen");
  await expect(page.getByTestId("reset-password-password")).toHaveCount(0);
  expect(await axe(page)).toEqual([]);
  await page.getByRole("link", { name: "Vraag een nieuwe link aan" }).tap();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // Signed in on this phone, then the password is changed on another device.
  await loginInDialog(page, { email: user.email, password: PASSWORD });
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await loginInDialog(otherPage, { email: user.email, password: PASSWORD });
  const changed = await otherPage.request.post("/api/users/me/password", {
    headers: { origin: new URL(baseURL!).origin },
    data: { current_password: PASSWORD, new_password: "Een-nieuw-wachtwoord-2" },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await other.close();

  // The phone's next page says why, and it is signed out (the server first sends the
  // signed-out browser to the login; the session check then signs out and says why).
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/logged-out\?reason=password_changed$/, { timeout: 60_000 });
  await expect(page.getByTestId("logged-out-reason")).toHaveText(
    "Je bent uitgelogd omdat je wachtwoord is gewijzigd. Log opnieuw in met je nieuwe wachtwoord.",
  );
  await expect(page.getByTestId("header-join")).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // The API tells the apps the same, next to its detail.
  const api = await page.request.get("/api/users/me");
  expect(api.status()).toBe(401);
  expect(errors.filter((e) => !e.includes("401"))).toEqual([]);
  await context.close();
});
