/**
 * The seller's journey in Chromium: list a product with two photos and a picked location,
 * find it through search, see it in the dashboard, edit it and delete it (Dutch); the
 * form's checks and texts in English; the dashboard's profile tab.
 */
import sharp from "sharp";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { open, settle, watchErrors } from "./helpers";

const SELLER = { email: "sanne.devries@example.nl", password: "Kringwaar2026!" };
const stamp = Date.now();

async function logIn(page: Page, account: { email: string; password: string } = SELLER) {
  await open(page, "/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(account.email);
  await page.getByTestId("login-password").fill(account.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
}

function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** A small PNG drawn in Node, so the upload gets a real image. */
async function png(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer();
}

async function pickLocation(page: Page, place: string) {
  const map = page.getByTestId("location-picker-map");
  await expect(map).toHaveAttribute("data-map-status", "loaded");
  await page.getByTestId("location-picker-search").fill(place);
  await page.getByTestId("location-picker-search-button").click();
  await expect(page.getByTestId("location-picker-address")).toContainText(place);
}

/** The euro amount as formatEuro writes it in Dutch (a no-break space after €). */
const dutchEuro = (text: string) => new RegExp(`€\\s?${text.replace(".", "\\.")}`);

test.describe("selling", () => {
  test("list a product with two photos, find it, edit it and delete it (nl)", async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const title = `Bakfiets E2E ${stamp}`;
    await logIn(page);

    await open(page, "/sell");
    await expect(page).toHaveTitle(/Verkopen/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verkoop je spullen");
    const submit = page.getByTestId("listing-submit");
    await expect(submit).toHaveText("Product plaatsen");
    await expect(page.getByTestId("listing-condition")).toHaveValue("good");

    // The checks in order, each with its message.
    await submit.click();
    await expect(toast(page, "Kies een locatie op de kaart")).toBeVisible();
    await expect(page.getByTestId("listing-error-location")).toHaveText("Kies een locatie op de kaart");
    await expect(page.getByTestId("location-picker-search")).toBeFocused();

    await pickLocation(page, "Utrecht");
    await expect(page.getByTestId("listing-error-location")).toHaveCount(0);
    await submit.click();
    await expect(toast(page, "Voeg minstens één foto toe")).toBeVisible();

    // A file that is not an image is refused by name; two photos are taken.
    const input = page.getByTestId("listing-images-input");
    await input.setInputFiles({ name: "notities.txt", mimeType: "text/plain", buffer: Buffer.from("geen foto") });
    await expect(toast(page, "notities.txt is geen afbeelding.")).toBeVisible();
    await input.setInputFiles([
      { name: "bakfiets-voor.png", mimeType: "image/png", buffer: await png({ r: 30, g: 120, b: 80 }) },
      { name: "bakfiets-zij.png", mimeType: "image/png", buffer: await png({ r: 200, g: 120, b: 40 }) },
    ]);
    await expect(page.getByTestId("listing-image")).toHaveCount(2);
    await expect(page.getByTestId("listing-image").first().getByTestId("listing-image-main")).toHaveText("Hoofdfoto");
    await expect(page.getByTestId("listing-images-count")).toHaveText("2 van 5 foto's gekozen.");

    await submit.click();
    await expect(toast(page, "Kies een categorie")).toBeVisible();
    await expect(page.getByTestId("listing-category")).toBeFocused();

    await page.getByTestId("listing-category").selectOption("Fietsen");
    // The field rules of the shared schema, next to the fields.
    await submit.click();
    await expect(page.getByTestId("listing-error-title")).toHaveText("Vul een titel in");
    await expect(page.getByTestId("listing-error-description")).toHaveText("Vul een beschrijving in");
    await expect(page.getByTestId("listing-error-price")).toHaveText("Vul een prijs in");

    await page.getByTestId("listing-title").fill(title);
    await expect(page.getByTestId("listing-title-count")).toContainText(`${title.length}/100`);
    await page
      .getByTestId("listing-description")
      .fill("Stevige bakfiets met huif en twee bankjes. Remmen en banden zijn vorig jaar vervangen.");
    await expect(page.getByTestId("listing-description-count")).toContainText("/1000");
    await page.getByTestId("listing-price").fill("149.50");
    await page.getByTestId("listing-condition").selectOption("like_new");
    await expect(page.getByTestId("listing-condition").locator("option:checked")).toHaveText("Zo goed als nieuw");

    // Slow the uploads down a little so the submitting state can be seen.
    await page.route("**/api/upload-image", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const created = page.waitForResponse((r) => r.url().endsWith("/api/products") && r.request().method() === "POST");
    await submit.click();
    await expect(submit).toHaveText("Product plaatsen...");
    await expect(submit).toBeDisabled();
    const response = await created;
    expect(response.status()).toBe(201);
    const product = (await response.json()) as { id: string; images: string[]; condition: string; price: number };
    expect(product.images).toHaveLength(2);
    expect(product).toMatchObject({ condition: "like_new", price: 149.5 });
    await page.unroute("**/api/upload-image");

    await expect(toast(page, "Product succesvol geplaatst!")).toBeVisible();
    // Cleared: fields, photos, location; condition back to good.
    await expect(page.getByTestId("listing-title")).toHaveValue("");
    await expect(page.getByTestId("listing-image")).toHaveCount(0);
    await expect(page.getByTestId("listing-condition")).toHaveValue("good");
    await expect(page.getByTestId("location-picker-address")).toHaveCount(0);
    await expect(submit).toHaveText("Product plaatsen");
    // After 2 s to the new listing's page .
    await page.waitForURL(`**/product/${product.id}`, { timeout: 6_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    // Found through the search of the browse page (debounced) and opened.
    await open(page, "/browse");
    const search = page.getByTestId("browse-search");
    await search.fill(title);
    const card = page.getByTestId("product-card").filter({ hasText: title });
    await expect(card).toHaveCount(1, { timeout: 15_000 });
    await card.click();
    await page.waitForURL(`**/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

    // Its two photos: the gallery pages through them and wraps around.
    const counter = page.getByTestId("gallery-counter");
    await expect(counter).toHaveText("1 / 2");
    await page.getByTestId("gallery-next").click();
    await expect(counter).toHaveText("2 / 2");
    await page.getByTestId("gallery-next").click();
    await expect(counter).toHaveText("1 / 2");

    // In the seller's profile.
    await page.getByTestId("seller-card").getByTestId("seller-profile-link").click();
    await expect(page.getByTestId("seller-listings").locator(`[data-testid="product-card"][data-product-id="${product.id}"]`)).toBeVisible();

    // Through the map: the map view of a search for its title has its marker.
    await page.goto(`/browse?search=${encodeURIComponent(title)}&view=map`);
    await expect(page.getByTestId("products-map-canvas")).toHaveAttribute("data-map-status", "loaded");
    await expect(
      page.locator(`[data-testid="products-map-marker"][data-product-id="${product.id}"]`),
    ).toHaveCount(1);

    // In the dashboard.
    await open(page, "/dashboard?tab=products");
    await expect(page).toHaveTitle(/Dashboard/);
    await expect(page.getByTestId("dashboard-tab-products")).toHaveAttribute("aria-selected", "true");
    const row = page.getByTestId("dashboard-product").filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("dashboard-product-status")).toHaveText("Te koop");
    await expect(row.getByTestId("dashboard-product-price")).toHaveText(dutchEuro("149,50"));

    // Edit: the form comes filled in, with the photos and the location kept.
    await row.getByTestId("dashboard-product-edit").click();
    await page.waitForURL(`**/edit-product/${product.id}`);
    await expect(page).toHaveTitle(new RegExp(`${title} bewerken`));
    await expect(page.getByTestId("listing-title")).toHaveValue(title);
    await expect(page.getByTestId("listing-category")).toHaveValue("Fietsen");
    await expect(page.getByTestId("listing-condition")).toHaveValue("like_new");
    await expect(page.getByTestId("listing-image")).toHaveCount(2);
    await expect(page.getByTestId("location-picker-address")).toContainText("Utrecht");
    await page.getByTestId("listing-price").fill("125");
    const save = page.getByTestId("listing-submit");
    await expect(save).toHaveText("Wijzigingen opslaan");
    await save.click();
    await expect(toast(page, "Product succesvol bijgewerkt!")).toBeVisible();
    await page.waitForURL(`**/product/${product.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(dutchEuro("125,00")).first()).toBeVisible();

    // Delete, after the confirmation (cancel first keeps it).
    await open(page, "/dashboard?tab=products");
    await row.getByTestId("dashboard-product-delete").click();
    const dialog = page.getByTestId("delete-product-dialog");
    await expect(dialog).toContainText("Weet je zeker dat je dit product wilt verwijderen?");
    await expect(dialog).toContainText(title);
    await page.getByTestId("delete-product-cancel").click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);

    await row.getByTestId("dashboard-product-delete").click();
    await page.getByTestId("delete-product-confirm").click();
    await expect(toast(page, "Product succesvol verwijderd!")).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await settle(page);
    await expect(page.getByTestId("dashboard-product").first()).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await page.request.get(`/api/products/${product.id}`)).status()).toBe(404);

    expect(errors).toEqual([]);
  });

  test("the form's checks and texts in English", async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await logIn(page);
    await page.getByTestId("language-switcher").getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    try {
      await open(page, "/sell");
      await expect(page).toHaveTitle(/Sell/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sell your item");
      await expect(page.getByLabel("Title")).toBeVisible();
      await expect(page.getByLabel("Description")).toBeVisible();
      // A text field with the decimal keyboard: prices are read as people type them ("7,50").
      await expect(page.getByLabel("Price")).toHaveAttribute("inputmode", "decimal");
      await expect(page.getByLabel("Category")).toBeVisible();
      await expect(page.getByLabel("Condition").locator("option")).toHaveText(["New", "Like new", "Good", "Fair", "Poor"]);
      await expect(page.getByLabel("Category").locator("option").nth(4)).toHaveText("Bicycles");
      const submit = page.getByTestId("listing-submit");
      await expect(submit).toHaveText("List product");

      await submit.click();
      await expect(toast(page, "Please select a location on the map")).toBeVisible();
      await pickLocation(page, "Utrecht");
      await submit.click();
      await expect(toast(page, "Please add at least one image")).toBeVisible();

      // Per file: not an image, too large (over 5 MB), and no more than 5 in all.
      const input = page.getByTestId("listing-images-input");
      await input.setInputFiles({ name: "readme.txt", mimeType: "text/plain", buffer: Buffer.from("text") });
      await expect(toast(page, "readme.txt is not an image file.")).toBeVisible();
      await input.setInputFiles({
        name: "huge.png",
        mimeType: "image/png",
        buffer: Buffer.alloc(5_242_881, 1),
      });
      await expect(toast(page, "huge.png is too large (max 5MB).")).toBeVisible();
      const photo = await png({ r: 90, g: 90, b: 200 });
      await input.setInputFiles(
        Array.from({ length: 6 }, (_, i) => ({ name: `photo-${i + 1}.png`, mimeType: "image/png", buffer: photo })),
      );
      await expect(toast(page, "Maximum 5 images allowed")).toBeVisible();
      await expect(page.getByTestId("listing-image")).toHaveCount(5);
      await expect(page.getByTestId("listing-image").first().getByTestId("listing-image-main")).toHaveText("Main");
      await expect(input).toBeDisabled();

      // Removing one makes room again; the second becomes the main photo after "Make main".
      await page.getByRole("button", { name: "Remove photo 1" }).click();
      await expect(page.getByTestId("listing-image")).toHaveCount(4);
      await page.getByRole("button", { name: "Make photo 2 the main photo" }).click();
      await expect(page.getByTestId("listing-image-main")).toHaveCount(1);

      await submit.click();
      await expect(toast(page, "Please select a category")).toBeVisible();
      await page.getByLabel("Category").selectOption("Boeken");
      await page.getByLabel("Title").fill("Dutch cookbook");
      await page.getByLabel("Description").fill("A well-used cookbook.");
      await page.getByLabel("Price").fill("0");
      await submit.click();
      await expect(page.getByTestId("listing-error-price")).toHaveText("Price must be at least €0.01");
      await expect(toast(page, "Price must be at least €0.01")).toBeVisible();
      await expect(page.getByLabel("Price")).toBeFocused();

      // A failing upload stops the submit with the documented message.
      await page.route("**/api/upload-image", (route) =>
        route.fulfill({ status: 413, contentType: "application/json", body: JSON.stringify({ detail: "Image must be less than 5MB", code: "image_too_large" }) }),
      );
      await page.getByLabel("Price").fill("7.5");
      await submit.click();
      await expect(toast(page, "Failed to upload image. Please try smaller files.")).toBeVisible();
      await expect(submit).toHaveText("List product");
      await page.unroute("**/api/upload-image");

      // The whole listing in English, then gone again from the dashboard.
      const created = page.waitForResponse((r) => r.url().endsWith("/api/products") && r.request().method() === "POST");
      await submit.click();
      const product = (await (await created).json()) as { id: string; images: string[] };
      expect(product.images).toHaveLength(4);
      await expect(toast(page, "Product listed successfully!")).toBeVisible();
      await page.waitForURL(`**/product/${product.id}`, { timeout: 6_000 });

      await open(page, "/dashboard?tab=products");
      const row = page.getByTestId("dashboard-product").filter({ hasText: "Dutch cookbook" });
      await expect(row.getByTestId("dashboard-product-status")).toHaveText("For sale");
      await row.getByRole("button", { name: "Delete Dutch cookbook" }).click();
      await expect(page.getByTestId("delete-product-dialog")).toContainText(
        "Are you sure you want to delete this product?",
      );
      await page.getByTestId("delete-product-confirm").click();
      await expect(toast(page, "Product deleted successfully!")).toBeVisible();
      await expect(row).toHaveCount(0);
    } finally {
      await page.getByTestId("language-switcher").getByRole("button", { name: "Nederlands" }).click();
    }
    // The one upload answered 413 on purpose above.
    expect(errors.filter((error) => !/status of 413 .*\/api\/upload-image/.test(error))).toEqual([]);
  });

  test("only the seller can edit a product", async ({ page }) => {
    await logIn(page);
    const others = (await (await page.request.get("/api/products?limit=50")).json()) as {
      id: string;
      seller_email: string | null;
      seller_name: string;
    }[];
    const foreign = others.find((product) => product.seller_name !== "Sanne de Vries");
    expect(foreign).toBeTruthy();
    // The (account) loading state streams first, so the status stays 200; the page is the 404 one.
    await page.goto(`/edit-product/${foreign!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagina niet gevonden");
    await expect(page.getByTestId("listing-form")).toHaveCount(0);
  });
});

test.describe("dashboard", () => {
  test("tabs in the URL, the profile tab and the placeholders", async ({ page }) => {
    const errors = watchErrors(page);
    const account = { email: `verkoper.${stamp}@example.nl`, password: "Sterk-wachtwoord-1" };
    const registered = await page.request.post("/api/auth/register", {
      data: {
        ...account,
        name: "Joost Verkoper",
        phone: "+31612345670",
        is_business_seller: true,
        business_name: "Joost Tweedehands B.V.",
        vat_number: "NL123456789B01",
        kvk_number: "12345678",
        business_address: "Oudegracht 12, 3511 AB Utrecht",
        trader_self_certified: true,
      },
    });
    expect(registered.status()).toBe(201);
    await logIn(page, account);

    await page.getByTestId("header-welcome").click();
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mijn dashboard");
    // The seven tabs and the DAC7 tax tab (docs/accounts.md).
    await expect(page.getByTestId("dashboard-tabs").getByRole("tab")).toHaveCount(8);
    await expect(page.getByTestId("dashboard-tab-profile")).toHaveAttribute("aria-selected", "true");

    // Profile: email and business details read-only.
    await expect(page.getByTestId("profile-email")).toHaveValue(account.email);
    await expect(page.getByTestId("profile-email")).toHaveAttribute("readonly", "");
    await expect(page.getByTestId("profile-email-note")).toHaveText("E-mailadres kan niet worden gewijzigd");
    await expect(page.getByTestId("profile-business-name")).toHaveValue("Joost Tweedehands B.V.");
    await expect(page.getByTestId("profile-vat")).toHaveValue("NL123456789B01");
    await expect(page.getByTestId("profile-vat")).toHaveAttribute("readonly", "");

    // Name is required.
    await page.getByTestId("profile-name").fill("  ");
    await page.getByTestId("profile-save").click();
    await expect(page.getByTestId("profile-error-name")).toHaveText("Vul je naam in.");
    await expect(page.getByTestId("profile-name")).toBeFocused();

    await page.getByTestId("profile-name").fill("Joris Verkoper");
    await page.getByTestId("profile-phone").fill("06 98765432");
    await page.getByTestId("profile-save").click();
    await expect(toast(page, "Profiel succesvol bijgewerkt!")).toBeVisible();
    await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", /Joris/);
    await page.reload();
    await settle(page);
    await expect(page.getByTestId("profile-name")).toHaveValue("Joris Verkoper");
    const me = await (await page.request.get("/api/users/me")).json();
    expect(me).toMatchObject({ name: "Joris Verkoper", phone: "+31698765432", email: account.email });

    // Products tab: empty for a new seller, with the way to /sell.
    await page.getByTestId("dashboard-tab-products").click();
    await expect(page).toHaveURL(/\/dashboard\?tab=products$/);
    await expect(page.getByTestId("dashboard-products-empty")).toBeVisible();
    await expect(page.getByTestId("dashboard-new-product")).toHaveAttribute("href", "/sell");

    // Orders go to /orders.
    await page.getByTestId("dashboard-tab-orders").click();
    await expect(page.getByTestId("dashboard-orders-link")).toHaveAttribute("href", "/orders");
    // Sales: a new seller has none yet; payouts run in test mode here.
    await page.getByTestId("dashboard-tab-sales").click();
    await expect(page).toHaveURL(/tab=sales$/);
    await expect(page.getByTestId("sales-empty")).toBeVisible();
    await expect(page.getByTestId("payouts-test-mode")).toBeVisible();
    // Favorites: the saved items (none yet) and saved searches.
    await page.getByTestId("dashboard-tab-favorites").click();
    await expect(page).toHaveURL(/tab=favorites$/);
    await expect(page.getByTestId("wishlist-empty").getByRole("link")).toHaveAttribute("href", "/browse");
    await expect(page.getByTestId("saved-searches-empty")).toBeVisible();
    // Settings: language, e-mails, password, export and deletion (tests/e2e/account-settings.spec.ts).
    await page.getByTestId("dashboard-tab-settings").click();
    await expect(page).toHaveURL(/tab=settings$/);
    await expect(page.getByTestId("settings-password-section")).toBeVisible();
    await page.getByTestId("dashboard-tab-messages").click();
    await expect(page).toHaveURL(/tab=messages$/);
    await expect(page.getByTestId("dashboard-messages").getByRole("link", { name: "Alle berichten" })).toHaveAttribute("href", "/messages");

    // A link opens a tab; the keyboard moves between tabs.
    await open(page, "/dashboard?tab=orders");
    await expect(page.getByTestId("dashboard-tab-orders")).toHaveAttribute("aria-selected", "true");
    await page.getByTestId("dashboard-tab-orders").focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("dashboard-tab-sales")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/tab=sales$/);

    expect(errors).toEqual([]);
  });
});
