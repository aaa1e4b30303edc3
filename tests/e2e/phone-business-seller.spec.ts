// A business seller on a 390×844 touch screen in Dutch, without dead ends
// (docs/help-and-trader.md): registration asks KvK number, business address, phone and
// the trader statement, and the first listing goes live; an older business account
// missing them is asked on the sell page, before the photos; the tax tab of a company
// starts from the account, asks no BSN or date of birth, takes the country from a list
// and the address by postcode and house number.
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { as, open, signIn, watchErrors, type ApiAccount } from "./helpers";

const PASSWORD = "Zakelijk-wachtwoord-1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const stamp = Date.now();
/** Eight digits of this run, so two runs on one database do not share a KvK number. */
const kvkOf = (n: number) => String(10_000_000 + ((stamp + n) % 89_999_999)).slice(0, 8);

async function phonePage(browser: Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const baseURL = test.info().project.use.baseURL!;
  const context = await browser.newContext({ ...PHONE, baseURL, locale: "nl-NL" });
  await context.addCookies([{ name: "kringwaar_locale", value: "nl", url: baseURL }]);
  const page = await context.newPage();
  return { page, errors: watchErrors(page), close: () => context.close() };
}

/** The sell form filled in and sent; the new product's id. */
async function listProduct(page: Page, title: string): Promise<string> {
  await expect(page.getByTestId("location-picker-map")).toHaveAttribute("data-map-status", "loaded");
  await page.getByTestId("location-picker-search").fill("Utrecht");
  await page.getByTestId("location-picker-search-button").tap();
  await expect(page.getByTestId("location-picker-address")).toContainText("Utrecht");
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
  await page.getByTestId("listing-images-input").setInputFiles({ name: "kast.png", mimeType: "image/png", buffer: photo });
  await expect(page.getByTestId("listing-image")).toHaveCount(1);
  await page.getByTestId("listing-category").selectOption({ index: 1 });
  await page.getByTestId("listing-title").fill(title);
  await page.getByTestId("listing-description").fill("Eikenhouten kast, gecontroleerd en schoongemaakt door onze werkplaats.");
  await page.getByTestId("listing-price").fill("120");
  const created = page.waitForResponse((r) => r.url().endsWith("/api/products") && r.request().method() === "POST");
  await page.getByTestId("listing-submit").tap();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await page.waitForURL(`**/product/${id}`, { timeout: 10_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  return id;
}

test.describe("phone: a business seller from registration to a live listing", () => {
  test("registration asks the trader details; the sell form opens straight away and the listing goes live", async ({ browser }) => {
    test.setTimeout(180_000);
    const { page, errors, close } = await phonePage(browser);
    const email = `bedrijf.${stamp}@example.nl`;
    await open(page, "/");
    await page.getByTestId("header-join").tap();
    await page.getByTestId("tab-register").tap();
    await page.getByTestId("register-name").fill("Lotte Visser");
    await page.getByTestId("register-email").fill(email);
    await page.getByTestId("register-password").fill(PASSWORD);
    await page.getByTestId("register-business").tap();
    await page.getByTestId("register-company").fill("Visser Vintage B.V.");
    await page.getByTestId("register-vat").fill("NL123456789B01");
    // Not "(optioneel)": KvK number, business address, phone and the statement are asked.
    await expect(page.getByLabel(/KvK-nummer/)).toBeVisible();
    await expect(page.locator("label[for=register-kvk]")).not.toContainText("optioneel");
    await expect(page.locator("label[for=register-business-address]")).not.toContainText("optioneel");
    await expect(page.locator("label[for=register-phone]")).not.toContainText("optioneel");
    await page.getByTestId("register-submit").tap();
    await expect(page.getByTestId("register-kvk-error")).toHaveText("Vul je KvK-nummer in.");
    await expect(page.getByTestId("register-business-address-error")).toHaveText("Vul je vestigingsadres in.");
    await expect(page.getByTestId("register-trader-certified-error")).toHaveText("Bevestig de verklaring om zakelijk te verkopen.");

    await page.getByTestId("register-phone").fill("612345688");
    await page.getByTestId("register-kvk").fill(kvkOf(1));
    await page.getByTestId("register-business-address").fill("Oudegracht 12, 3511 AB Utrecht");
    await page.getByTestId("register-trader-certified").tap();
    await page.getByTestId("register-submit").tap();
    await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", /Welkom, Lotte/);
    const me = await (await page.request.get("/api/users/me")).json();
    expect(me).toMatchObject({ is_business_seller: true, kvk_number: kvkOf(1), trader_self_certified: true, trader_details_missing: [] });

    await open(page, "/sell");
    await expect(page.getByTestId("trader-details-gate")).toHaveCount(0);
    const id = await listProduct(page, `Eikenhouten kast ${stamp}`);
    // Buyers see who sells.
    expect((await (await page.request.get(`/api/products/${id}`)).json()).seller_is_business).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  test("an older business account without the details gives them on the sell page, before the photos", async ({ browser, request }) => {
    test.setTimeout(180_000);
    const email = `ouder.bedrijf.${stamp}@example.nl`;
    const registered = await request.post("/api/auth/register", {
      headers: { "x-forwarded-for": "198.51.100.61" },
      data: {
        name: "Bram de Wit", email, password: PASSWORD, phone: "+31612345689", is_business_seller: true,
        business_name: "De Wit Antiek B.V.", vat_number: "NL123456789B01", kvk_number: kvkOf(2),
        business_address: "Neude 1, 3512 AD Utrecht", trader_self_certified: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const body = await registered.json();
    const account: ApiAccount = { email, token: body.access_token, id: body.user.id, name: "Bram de Wit", ip: "198.51.100.61" };
    // As an account from before registration asked for them: no KvK, address or statement.
    const cleared = await request.put("/api/users/me", {
      headers: as(account),
      data: { name: "Bram de Wit", kvk_number: "", business_address: "", trader_self_certified: false },
    });
    expect((await cleared.json()).trader_details_missing).toEqual(["kvk_number", "business_address", "trader_self_certified"]);

    const { page, errors, close } = await phonePage(browser);
    await signIn(page, { email, password: PASSWORD });
    await open(page, "/sell");
    const gate = page.getByTestId("trader-details-gate");
    await expect(gate).toBeVisible();
    await expect(gate).toContainText("Eerst je bedrijfsgegevens");
    await expect(page.getByTestId("listing-form")).toHaveCount(0);
    // Only what is missing is asked: the phone is there already.
    await expect(page.getByTestId("trader-gate-phone")).toHaveCount(0);
    await page.getByTestId("trader-gate-save").tap();
    await expect(page.getByTestId("trader-gate-kvk-error")).toHaveText("Vul een geldig KvK-nummer in: 8 cijfers.");
    await expect(page.getByTestId("trader-gate-trader-certified-error")).toBeVisible();

    await page.getByTestId("trader-gate-kvk").fill(kvkOf(2));
    await page.getByTestId("trader-gate-business-address").fill("Neude 1, 3512 AD Utrecht");
    await page.getByTestId("trader-gate-trader-certified").tap();
    await page.getByTestId("trader-gate-save").tap();
    await expect(page.getByTestId("listing-form")).toBeVisible();
    await expect(gate).toHaveCount(0);
    await listProduct(page, `Antieke klok ${stamp}`);
    expect(errors).toEqual([]);
    await close();

    // The company's tax tab: prefilled from the account, no BSN or date of birth, the
    // country from a list, the address by postcode and house number.
    await companyTaxProfile(browser, { email, password: PASSWORD });
  });
});

async function companyTaxProfile(browser: Browser, who: { email: string; password: string }) {
  const { page, errors, close } = await phonePage(browser);
  await signIn(page, who);
  await open(page, "/dashboard?tab=tax");
  await expect(page.getByTestId("tax-legal_name")).toHaveValue("De Wit Antiek B.V.");
  await expect(page.getByLabel("Statutaire naam")).toBeVisible();
  await expect(page.getByTestId("tax-kvk_number")).toHaveValue(kvkOf(2));
  await expect(page.getByTestId("tax-vat_number")).toHaveValue("NL123456789B01");
  await expect(page.getByTestId("tax-date_of_birth")).toHaveCount(0);
  await expect(page.getByTestId("tax-bsn")).toHaveCount(0);
  await expect(page.getByTestId("tax-profile-form")).not.toContainText("paspoort");
  const country = page.getByTestId("tax-address-country");
  await expect(country).toHaveValue("NL");
  await expect(country.locator("option:checked")).toHaveText("Nederland");
  await expect(country.locator("option[value=BE]")).toHaveText("België");

  // The e2e server has no network (the offline geocoder): the form says so and the
  // street and town are typed.
  await page.getByTestId("tax-address-postcode").fill("3512 ad");
  await page.getByTestId("tax-address-house_number").fill("1");
  await expect(page.getByTestId("tax-address-lookup-status")).toHaveAttribute("data-status", "unavailable");
  await expect(page.getByTestId("tax-address-lookup-status")).toHaveText("Automatisch invullen lukt nu niet: vul straat en plaats zelf in.");
  await page.getByTestId("tax-address-street").fill("Neude");
  await page.getByTestId("tax-address-city").fill("Utrecht");

  // With the register answering (as PDOK does through GET /api/geocode/address), street
  // and town are filled in from postcode and number.
  await page.route("**/api/geocode/address?*", (route) =>
    route.fulfill({
      json: { found: true, address: { street: "Oudegracht", house_number: "12", addition: "A", postcode: "3511 AB", city: "Utrecht" } },
    }),
  );
  await page.getByTestId("tax-address-postcode").fill("3511AB");
  await page.getByTestId("tax-address-house_number").fill("12");
  await page.getByTestId("tax-address-addition").fill("A");
  await expect(page.getByTestId("tax-address-lookup-status")).toHaveAttribute("data-status", "found");
  await expect(page.getByTestId("tax-address-street")).toHaveValue("Oudegracht");
  await expect(page.getByTestId("tax-address-city")).toHaveValue("Utrecht");
  await expect(page.getByTestId("tax-address-postcode")).toHaveValue("3511 AB");
  await page.unroute("**/api/geocode/address?*");

  await page.getByTestId("tax-tin").fill("812345678");
  await page.getByTestId("tax-iban").fill("NL91 ABNA 0417 1643 00");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/users/me/tax-profile") && r.request().method() === "PUT");
  await page.getByTestId("tax-save").tap();
  expect((await saved).status()).toBe(200);
  await expect(page.getByTestId("tax-status")).toHaveText("Compleet");
  const profile = await (await page.request.get("/api/users/me/tax-profile")).json();
  expect(profile).toMatchObject({
    complete: true,
    profile: {
      legal_name: "De Wit Antiek B.V.", date_of_birth: null, bsn: null, tin_kind: "tin", tin_country: "NL", kvk_number: kvkOf(2),
      address: { street: "Oudegracht", house_number: "12 A", postcode: "3511 AB", city: "Utrecht", country: "NL" },
    },
  });
  expect(errors).toEqual([]);
  await close();
}
