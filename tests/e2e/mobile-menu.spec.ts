// The header on a phone: the menu's sheet is not part of the first load; the
// first tap on the menu button fetches it and opens it with the navigation. Escape closes
// it and gives focus back to the button; a link navigates and closes it; the open sheet
// passes axe like every other page (a11y.spec.ts scans the desktop layout). A visitor's
// menu (390×844) also offers log in, create an account, sell, how it works, the FAQ and,
// when the browser can install, the install banner. In both languages.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { MOBILE } from "../../scripts/bench/page-weight";
import { open, watchErrors } from "./helpers";

const TEXT = {
  nl: { open: "Menu openen", browse: "Ontdekken", login: "Inloggen", register: "Account maken", sell: "Verkopen", how: "Zo werkt het", faq: "Veelgestelde vragen", install: "App installeren", installNow: "Installeren" },
  en: { open: "Open menu", browse: "Browse", login: "Log in", register: "Create account", sell: "Sell", how: "How it works", faq: "FAQ", install: "Install the app", installNow: "Install" },
} as const;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** What Chrome sends when the site can be installed (headless Chromium never does). */
function offerInstall(page: Page) {
  return page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: "dismissed" }) });
    window.dispatchEvent(event);
  });
}

for (const lang of ["nl", "en"] as const) {
  test(`the phone menu loads on the first tap, works from the keyboard and passes axe (${lang})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...MOBILE, baseURL });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });

    await open(page, "/");
    await page.waitForLoadState("networkidle");
    // By test id: while the sheet is open, the page behind it is hidden from the
    // accessibility tree (aria-hidden), the button included.
    const button = page.getByTestId("header-menu");
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName(TEXT[lang].open);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("mobile-menu")).toHaveCount(0);
    const before = scripts.length;

    // The first tap loads the sheet's code and opens it.
    await button.tap();
    const sheet = page.getByTestId("mobile-menu");
    await expect(sheet).toBeVisible();
    expect(scripts.length, "the sheet's code is fetched on the first tap").toBeGreaterThan(before);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(sheet.getByRole("link", { name: TEXT[lang].browse })).toBeVisible();
    const result = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .options({ resultTypes: ["violations"] })
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Escape closes it and the focus is back on the button.
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    // Open again (no new load needed) and follow a link: the sheet closes on the new page.
    await button.tap();
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: TEXT[lang].browse }).tap();
    await expect(page).toHaveURL(/\/browse$/);
    await expect(sheet).toHaveCount(0);

    expect(errors).toEqual([]);
    await context.close();
  });
}

for (const lang of ["nl", "en"] as const) {
  test(`a visitor's phone menu: log in, sell, how it works, the FAQ and the install banner (${lang})`, async ({ browser, baseURL }) => {
    const text = TEXT[lang];
    const context = await browser.newContext({ ...PHONE, baseURL });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, "/");
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("header-join")).toBeVisible();
    const button = page.getByTestId("header-menu");
    const sheet = page.getByTestId("mobile-menu");

    // Without the browser's offer there is nothing to install.
    await button.tap();
    await expect(sheet.getByRole("button", { name: text.login })).toBeVisible();
    await expect(sheet.getByTestId("mobile-install")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);

    await offerInstall(page);
    await button.tap();
    await expect(sheet).toBeVisible();
    for (const name of [text.login, text.register, text.install]) await expect(sheet.getByRole("button", { name })).toBeVisible();
    for (const name of [text.browse, text.sell, text.how, text.faq]) await expect(sheet.getByRole("link", { name, exact: true })).toBeVisible();
    const result = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .options({ resultTypes: ["violations"] })
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    // Install: the sheet gives way to the install banner with the browser's button.
    await sheet.getByRole("button", { name: text.install }).tap();
    await expect(sheet).toHaveCount(0);
    const banner = page.getByTestId("install-prompt");
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: text.installNow })).toBeVisible();
    await banner.getByTestId("install-prompt-dismiss").tap();
    await expect(banner).toHaveCount(0);

    // Log in: the login dialog opens in place of the sheet.
    await button.tap();
    await sheet.getByRole("button", { name: text.login }).tap();
    await expect(sheet).toHaveCount(0);
    const dialog = page.getByTestId("auth-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("login-email")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // How it works and the FAQ are pages of their own.
    await button.tap();
    await sheet.getByRole("link", { name: text.how, exact: true }).tap();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await expect(sheet).toHaveCount(0);
    await button.tap();
    await sheet.getByRole("link", { name: text.faq, exact: true }).tap();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(sheet).toHaveCount(0);

    // Sell: a visitor is asked to log in first, with the sell form as where it goes next.
    await button.tap();
    await sheet.getByRole("link", { name: text.sell, exact: true }).tap();
    await expect(page.getByTestId("auth-dialog")).toBeVisible();
    await expect(page.getByTestId("auth-reason")).toBeVisible();

    expect(errors).toEqual([]);
    await context.close();
  });
}
