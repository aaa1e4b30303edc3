// The Favorieten tab's page (/wishlist) on a phone (390×844): below the saved items it
// lists the saved searches, the same list as Dashboard → Favorieten, each name in full
// on its own line (never cut short), with a link to its results. In both languages.
import { expect, test } from "@playwright/test";
import { as, open, registerAccount, signIn, watchErrors } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PASSWORD = "Favorieten-op-de-telefoon-1";
const TEXT = {
  nl: { heading: "Opgeslagen zoekopdrachten", open: "Bekijken" },
  en: { heading: "Saved searches", open: "View" },
} as const;

for (const lang of ["nl", "en"] as const) {
  test(`saved searches on /wishlist, names in full on a phone (${lang})`, async ({ browser, request, baseURL }) => {
    const text = TEXT[lang];
    const user = await registerAccount(request, `Zoeker ${lang}`, PASSWORD);
    const name = `Houten eettafel met zes stoelen ${lang}`;
    const saved = await request.post("/api/saved-searches", { headers: as(user), data: { search: `eettafel ${lang}`, name } });
    expect(saved.status(), await saved.text()).toBe(201);

    const context = await browser.newContext({ ...PHONE, baseURL });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: user.email, password: PASSWORD });
    await open(page, "/wishlist");

    const section = page.getByTestId("saved-searches");
    await expect(section.getByRole("heading", { level: 2, name: text.heading })).toBeVisible();
    const row = section.getByTestId("saved-search");
    await expect(row).toHaveCount(1);
    const shown = row.getByTestId("saved-search-name");
    await expect(shown).toHaveText(name);
    // The whole name is on screen: not clipped, and wider than a few letters.
    const fits = await shown.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 150);
    expect(fits, "the name is shown in full").toBe(true);
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width, "the name stays on the screen").toBeLessThanOrEqual(390);

    await row.getByRole("link", { name: text.open }).tap();
    await expect(page).toHaveURL(new RegExp(`/browse\\?.*search=eettafel`));
    expect(errors).toEqual([]);
    await context.close();
  });
}
