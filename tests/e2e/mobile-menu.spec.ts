// The header on a phone: the menu's sheet is not part of the first load; the
// first tap on the menu button fetches it and opens it with the navigation. Escape closes
// it and gives focus back to the button; a link navigates and closes it; the open sheet
// passes axe like every other page (a11y.spec.ts scans the desktop layout). In both
// languages.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { MOBILE } from "../../scripts/bench/page-weight";
import { open, watchErrors } from "./helpers";

const TEXT = {
  nl: { open: "Menu openen", browse: "Ontdekken" },
  en: { open: "Open menu", browse: "Browse" },
} as const;

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
