// Browse on a phone, in Chromium at 390×844 with touch, in Dutch and
// English: the results come first; every filter sits in a bottom sheet behind one
// "Filters (n)" button; one place field (place or postcode with a radius) searches near
// it and the cards say how far; the search box suggests categories and earlier searches.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { listProductViaApi, open, registerAccount, watchErrors } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const TEXT = {
  nl: { filters: "Filters", apply: "Toon resultaten", condition: "Staat", place: "Plaats of postcode", distance: /^Afstand: \d+(,\d)? km$/, category: "Fietsen (categorie)", typed: "fiets", recent: "Eerdere zoekopdrachten" },
  en: { filters: "Filters", apply: "Show results", condition: "Condition", place: "Town or postcode", distance: /^Distance: \d+(\.\d)? km$/, category: "Bicycles (category)", typed: "bicy", recent: "Earlier searches" },
} as const;

async function axe(page: Page, within?: string): Promise<string[]> {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  const result = await (within ? builder.include(within) : builder).options({ resultTypes: ["violations"] }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("on a phone: results first, filters in a sheet, one place field with distances, search suggestions (nl, en)", async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const seller = await registerAccount(request, "Zwaluw Verkoper");
  // A word of its own, so the earlier search and its results are this test's.
  const word = `zwaluwfiets${Date.now()}`;
  await listProductViaApi(request, seller, `${word} damesfiets`, 140, "Neude 11, Utrecht", "like_new");

  for (const lang of ["nl", "en"] as const) {
    const text = TEXT[lang];
    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);

    // Results first: the first card is on the screen without opening anything; the
    // sheet's code is not loaded yet.
    await open(page, "/browse");
    await expect(page.getByTestId("product-card").first()).toBeInViewport();
    const button = page.getByTestId("browse-filters-button");
    await expect(button).toHaveText(`${text.filters} (0)`);
    await expect(page.getByTestId("browse-filter-fields")).toBeHidden();
    const countBefore = await page.getByTestId("browse-count").textContent();
    expect(await axe(page)).toEqual([]);

    // The sheet: a category and a condition, applied with one button.
    await button.tap();
    const sheet = page.getByRole("dialog", { name: text.filters });
    await expect(sheet).toBeVisible();
    await sheet.getByTestId("browse-category").selectOption("Fietsen");
    await sheet.getByLabel(text.condition).selectOption("like_new");
    expect(await axe(page, '[data-testid="browse-filter-sheet"]')).toEqual([]);
    await sheet.getByRole("button", { name: text.apply }).tap();
    await expect(sheet).toBeHidden();
    await expect(button).toHaveText(`${text.filters} (2)`);
    await expect(page).toHaveURL(/\/browse\?category=Fietsen&condition=like_new$/);
    const filtered = await request.get("/api/products?category=Fietsen&condition=like_new&limit=1");
    const total = Number(filtered.headers()["x-total-count"]);
    await expect(page.getByTestId("browse-count")).toContainText(String(total));
    expect(await page.getByTestId("browse-count").textContent()).not.toBe(countBefore);

    // One place field with a radius: near results, each card with its distance.
    await button.tap();
    await sheet.getByLabel(text.place).fill("3511");
    await sheet.getByTestId("browse-radius").selectOption("10");
    await sheet.getByRole("button", { name: text.apply }).tap();
    await expect(page).toHaveURL(/category=Fietsen&near=3511&radius_km=10&condition=like_new$/);
    await expect(button).toHaveText(`${text.filters} (3)`);
    const mine = page.getByTestId("product-card").filter({ hasText: word });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId("product-card-distance")).toHaveText(text.distance);
    const distances = page.getByTestId("product-card-distance");
    expect(await distances.count()).toBe(await page.getByTestId("product-card").count());

    // Suggestions: an earlier search (made here with Enter) and a category, by keyboard.
    await page.getByTestId("browse-clear").tap();
    await expect(button).toHaveText(`${text.filters} (0)`);
    const search = page.getByTestId("browse-search");
    await search.fill(word);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await search.fill("");
    await search.fill(text.typed);
    await expect(page.getByTestId("browse-suggestion-category").filter({ hasText: text.category })).toBeVisible();
    await search.fill("zwaluw");
    const list = page.getByRole("listbox");
    await expect(list.getByRole("group", { name: text.recent })).toBeVisible();
    const recent = page.getByTestId("browse-suggestion-recent").filter({ hasText: word });
    await expect(recent).toBeVisible();
    await expect(search).toHaveAttribute("aria-expanded", "true");
    expect(await axe(page)).toEqual([]);
    await search.press("ArrowDown");
    await expect(search).toHaveAttribute("aria-activedescendant", (await recent.getAttribute("id"))!);
    await search.press("Enter");
    await expect(page).toHaveURL(new RegExp(`\\?search=${word}$`));
    await expect(search).toHaveValue(word);
    await expect(search).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByTestId("product-card").filter({ hasText: word })).toBeVisible();

    expect(errors).toEqual([]);
    await context.close();
  }
});
