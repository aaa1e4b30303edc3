/**
 * The map components in Chromium with no network and no Google key: the keyless
 * (Leaflet) map without tiles, the offline geocoder (GEOCODER=offline) and the harness
 * pages under /e2e (routes of the end-to-end test build only, lib/platform/e2e-build.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { clickFreeMarker, watchErrors } from "./helpers";

const ADMIN = { email: "admin@kringwaar.nl", password: "Kringwaar2026!" };

/** The four classes and their pin colours (lib/domains/catalog/condition.ts). */
const CLASS_COLORS = {
  excellent: "rgb(22, 163, 74)",
  good: "rgb(37, 99, 235)",
  fair: "rgb(217, 119, 6)",
  poor: "rgb(220, 38, 38)",
} as const;

async function logIn(page: Page) {
  await page.goto("/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(ADMIN.email);
  await page.getByTestId("login-password").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
}

async function openPicker(page: Page) {
  await logIn(page);
  await page.goto("/e2e/location-picker");
  const map = page.getByTestId("location-picker-map");
  await expect(map).toHaveAttribute("data-map-engine", "leaflet");
  await expect(map).toHaveAttribute("data-map-status", "loaded");
  await expect(page.getByTestId("location-picker-marker")).toBeVisible();
}

async function search(page: Page, text: string) {
  const response = page.waitForResponse((r) => r.url().endsWith("/api/geocode") && r.request().method() === "POST");
  await page.getByTestId("location-picker-search").fill(text);
  await page.getByTestId("location-picker-search-button").click();
  return (await response).json();
}

async function center(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} has no box`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The centre of an element once the map has stopped moving (zoom and pan animate). */
async function settledCenter(page: Page, testId: string) {
  let previous = await center(page, testId);
  for (let attempt = 0; attempt < 30; attempt++) {
    await page.waitForTimeout(150);
    const next = await center(page, testId);
    if (Math.abs(next.x - previous.x) < 0.5 && Math.abs(next.y - previous.y) < 0.5) return next;
    previous = next;
  }
  throw new Error(`${testId} keeps moving`);
}

test.describe("location picker", () => {
  test("the harness needs a login", async ({ page }) => {
    await page.goto("/e2e/location-picker");
    await expect(page).toHaveURL(/\/$/);
  });

  test("finds a place and a postcode, and a dragged marker is reverse-geocoded", async ({ page }) => {
    const errors = watchErrors(page);
    await openPicker(page);
    await expect(page.getByTestId("harness-location-id")).toHaveText("geen");

    // The search button is disabled while the box is empty or only spaces.
    const button = page.getByTestId("location-picker-search-button");
    await expect(button).toBeDisabled();
    await page.getByTestId("location-picker-search").fill("   ");
    await expect(button).toBeDisabled();

    const utrecht = await search(page, "Utrecht");
    expect(utrecht).toMatchObject({ success: true, location_id: expect.any(String) });
    await expect(page.getByTestId("location-picker-address")).toHaveText(utrecht.formatted_address);
    await expect(page.getByTestId("harness-location-id")).toHaveText(utrecht.location_id);
    await expect(page.getByText("Locatie gevonden")).toBeVisible();

    const postcode = await search(page, "3511 AB");
    expect(postcode).toMatchObject({ success: true, location_id: expect.any(String) });
    expect(postcode.formatted_address).toContain("3511 AB");
    await expect(page.getByTestId("location-picker-address")).toHaveText(postcode.formatted_address);
    await expect(page.getByTestId("harness-location-id")).toHaveText(postcode.location_id);

    // Drag the marker 160 px to the east (Leaflet drags on mouse down, move, up). On a
    // slow machine the drop can also count as a click on the map, a second lookup at the
    // same spot: the picker shows the latest answer (use-location-selection.ts).
    const start = await settledCenter(page, "location-picker-marker");
    const answers: Promise<{ location_id: string; address: string }>[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/reverse-geocode")) answers.push(r.json());
    });
    const reverse = page.waitForResponse((r) => r.url().endsWith("/api/reverse-geocode"));
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 80, start.y + 10, { steps: 8 });
    await page.mouse.move(start.x + 160, start.y + 20, { steps: 8 });
    await page.mouse.up();
    const response = await reverse;
    const sent = response.request().postDataJSON();
    expect(sent.lng).toBeGreaterThan(postcode.coordinates.lng);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, address: expect.any(String), location_id: expect.any(String) });
    await expect(page.getByTestId("location-picker-address")).not.toHaveText(postcode.formatted_address);
    await expect(async () => {
      const latest = await answers.at(-1)!;
      await expect(page.getByTestId("location-picker-address")).toHaveText(latest.address, { timeout: 1000 });
      await expect(page.getByTestId("harness-location-id")).toHaveText(latest.location_id, { timeout: 1000 });
    }).toPass();
    // The marker stays where it was dropped.
    const end = await settledCenter(page, "location-picker-marker");
    expect(end.x - start.x).toBeGreaterThan(140);

    expect(errors).toEqual([]);
  });

  test("a click on the map moves the marker there", async ({ page }) => {
    await openPicker(page);
    const map = await page.getByTestId("location-picker-map").boundingBox();
    if (!map) throw new Error("no map");
    const reverse = page.waitForResponse((r) => r.url().endsWith("/api/reverse-geocode"));
    await page.mouse.click(map.x + map.width * 0.3, map.y + map.height * 0.6);
    const body = await (await reverse).json();
    expect(body.success).toBe(true);
    await expect(page.getByTestId("location-picker-address")).toHaveText(body.address);
    const marker = await center(page, "location-picker-marker");
    // The pin's tip (39 px below the top of its 32 px box) is on the clicked point.
    expect(Math.abs(marker.x - (map.x + map.width * 0.3))).toBeLessThan(3);
  });

  test("type-ahead suggestions work with the keyboard", async ({ page }) => {
    await openPicker(page);
    const input = page.getByTestId("location-picker-search");
    await input.click();
    await input.pressSequentially("Amersf", { delay: 30 });
    const suggestions = page.getByTestId("location-picker-suggestion");
    await expect(suggestions.first()).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await input.press("ArrowDown");
    await expect(suggestions.first()).toHaveAttribute("aria-selected", "true");
    const label = (await suggestions.first().locator("span").first().textContent()) ?? "";
    const geocode = page.waitForResponse((r) => r.url().endsWith("/api/geocode"));
    await input.press("Enter");
    expect((await geocode).request().postDataJSON()).toEqual({ address: label });
    await expect(page.getByTestId("location-picker-address")).toContainText("Amersfoort");
    await expect(page.getByTestId("location-picker-suggestions")).toBeHidden();
  });

  test("an unknown address shows the not-found message in Dutch", async ({ page }) => {
    await openPicker(page);
    await search(page, "Nergenshuizen aan de Nietrivier");
    await expect(page.getByText("Adres niet gevonden. Voer een geldig Nederlands adres in.")).toBeVisible();
    await expect(page.getByTestId("harness-location-id")).toHaveText("geen");
  });

  test("use my location without permission reports it", async ({ page }) => {
    await openPicker(page);
    await page.getByTestId("location-picker-locate").click();
    await expect(page.getByText("Locatietoegang geweigerd of niet beschikbaar.")).toBeVisible();
    await expect(page.getByTestId("harness-location-id")).toHaveText("geen");
  });

  test("use my location without browser support reports it", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Navigator.prototype as { geolocation?: unknown }).geolocation;
    });
    await openPicker(page);
    await page.getByTestId("location-picker-locate").click();
    await expect(page.getByText("Je browser ondersteunt geen locatievoorzieningen.")).toBeVisible();
  });

  test.describe("with permission", () => {
    test.use({ permissions: ["geolocation"], geolocation: { latitude: 52.0907, longitude: 5.1214 } });

    test("use my location selects the address there", async ({ page }) => {
      await openPicker(page);
      const reverse = page.waitForResponse((r) => r.url().endsWith("/api/reverse-geocode"));
      await page.getByTestId("location-picker-locate").click();
      const body = await (await reverse).json();
      expect(body.success).toBe(true);
      await expect(page.getByText("Huidige locatie opgehaald")).toBeVisible();
      await expect(page.getByTestId("location-picker-address")).toHaveText(body.address);
      await expect(page.getByTestId("harness-location-id")).toHaveText(body.location_id);
    });
  });

  test("the picker speaks English too", async ({ page }) => {
    await openPicker(page);
    await page.getByTestId("language-switcher").getByRole("button", { name: "English" }).click();
    await expect(page.getByTestId("location-picker-search-button")).toHaveText("Search");
    await expect(page.getByTestId("location-picker-locate")).toHaveText("Use my location");
    await page.getByTestId("location-picker-locate").click();
    await expect(page.getByText("Location access denied or not available.")).toBeVisible();
    await page.getByTestId("language-switcher").getByRole("button", { name: "Nederlands" }).click();
  });
});

test.describe("products map", () => {
  test("coloured markers, legend, count and a popup linking to the product", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/e2e/products-map");
    const canvas = page.getByTestId("products-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-engine", "leaflet");
    await expect(canvas).toHaveAttribute("data-map-status", "loaded");

    const markers = page.getByTestId("products-map-marker");
    await expect(markers.first()).toBeVisible();
    const count = await markers.count();
    expect(count).toBeGreaterThan(10);
    // The fixture without coordinates gets no marker, and the count says so.
    await expect(page.getByTestId("products-map-count")).toHaveText(`${count} producten op de kaart`);
    await expect(page.getByTestId("products-map-without-location")).toHaveText(
      "1 product zonder locatie wordt niet getoond",
    );
    await expect(page.locator('[data-product-id="00000000-0000-4000-8000-000000000000"]')).toHaveCount(0);

    for (const [cls, color] of Object.entries(CLASS_COLORS)) {
      const ofClass = page.locator(`[data-testid="products-map-marker"][data-condition-class="${cls}"]`);
      await expect(ofClass.first()).toBeAttached();
      await expect(ofClass.first().locator(".kw-marker-dot")).toHaveCSS("background-color", color);
    }

    const legend = page.getByTestId("products-map-legend-item");
    await expect(legend).toHaveText(["Nieuw / zo goed als nieuw", "Goed", "Redelijk", "Matig"]);
    for (const [cls, color] of Object.entries(CLASS_COLORS)) {
      await expect(
        page.locator(`[data-testid="products-map-legend-item"][data-condition-class="${cls}"] > span`),
      ).toHaveCSS("background-color", color);
    }

    // Click a marker that no other marker covers.
    const id = await clickFreeMarker(page);
    const popup = page.getByTestId("products-map-popup");
    await expect(popup).toBeVisible();
    await expect(popup).toHaveAttribute("data-product-id", id);
    await expect(page.getByTestId("products-map-popup-link")).toHaveAttribute("href", `/product/${id}`);
    await expect(page.getByTestId("products-map-popup-price")).toHaveText(/^€\s?\d{1,3}(\.\d{3})*,\d{2}$/);
    await expect(popup.locator("img")).toHaveAttribute("src", /\/uploads\//);
    // The map pans so that the whole popup is visible.
    await settledCenter(page, "products-map-popup");
    const frame = (await canvas.boundingBox())!;
    const box = (await popup.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(frame.y);
    expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);

    // Close it with its (translated) close button.
    await page.getByRole("button", { name: "Sluiten" }).click();
    await expect(popup).toBeHidden();

    expect(errors).toEqual([]);
  });

  test("for a visitor who asks for less motion the map moves without animating", async ({ page }) => {
    // The tests run with prefers-reduced-motion (playwright.config.ts).
    await page.goto("/e2e/products-map");
    await expect(page.getByTestId("products-map-canvas")).toHaveAttribute("data-map-status", "loaded");
    const pane = page.locator(".leaflet-map-pane");
    await page.evaluate(() => {
      const element = document.querySelector(".leaflet-map-pane")!;
      const seen = window as unknown as { panAnimated: boolean };
      seen.panAnimated = false;
      new MutationObserver(() => {
        if (element.classList.contains("leaflet-pan-anim")) seen.panAnimated = true;
      }).observe(element, { attributes: true, attributeFilter: ["class"] });
    });
    const before = await pane.getAttribute("style");
    // The arrow keys pan the map, as a popup's autoPan does.
    await page.locator(".leaflet-container").focus();
    await page.keyboard.press("ArrowDown");
    await expect(pane).not.toHaveAttribute("style", before!);
    expect(await page.evaluate(() => (window as unknown as { panAnimated: boolean }).panAnimated)).toBe(false);
  });

  test("markers work from the keyboard", async ({ page }) => {
    await page.goto("/e2e/products-map");
    const marker = page.getByTestId("products-map-marker").first();
    await expect(marker).toHaveAttribute("role", "button");
    await expect(marker).toHaveAttribute("aria-label", /€/);
    await marker.focus();
    await page.keyboard.press("Enter");
    const link = page.getByTestId("products-map-popup-link");
    await expect(link).toBeFocused();
    await expect(link).toHaveAttribute("href", `/product/${await marker.getAttribute("data-product-id")}`);
  });

  test("a fake Google key degrades to the keyless map", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/e2e/products-map?googleKey=fake-key");
    const canvas = page.getByTestId("products-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-engine", "leaflet", { timeout: 15_000 });
    await expect(canvas).toHaveAttribute("data-google-status", /^(failed|auth_failure)$/);
    await expect(canvas).toHaveAttribute("data-map-status", "loaded");
    await expect(page.getByTestId("products-map-marker").first()).toBeVisible();
    await expect(page.getByText(/Application error/)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a key Google rejects (gm_authFailure) degrades to the keyless map", async ({ page }) => {
    // A stand-in for Google's script that rejects the key the way the real one does.
    await page.route("https://maps.googleapis.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "window.gm_authFailure && window.gm_authFailure();" }),
    );
    await page.goto("/e2e/products-map?googleKey=rejected-key");
    const canvas = page.getByTestId("products-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-engine", "leaflet");
    await expect(canvas).toHaveAttribute("data-google-status", "auth_failure");
    await expect(page.getByTestId("products-map-marker").first()).toBeVisible();
  });

  test("a Google script that never loads times out to the keyless map", async ({ page }) => {
    await page.route("https://maps.googleapis.com/**", () => {
      // Never answered.
    });
    await page.goto("/e2e/products-map?googleKey=slow-key");
    const canvas = page.getByTestId("products-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-engine", "google");
    await expect(canvas).toHaveAttribute("data-google-status", "loading");
    await expect(canvas).toHaveAttribute("data-map-engine", "leaflet", { timeout: 15_000 });
    await expect(canvas).toHaveAttribute("data-google-status", "failed");
    await expect(page.getByTestId("products-map-marker").first()).toBeVisible();
  });
});

test.describe("item location map", () => {
  test("before purchase: an approximate circle, no exact marker", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/e2e/item-location");
    const map = page.getByTestId("item-location-map");
    await expect(map).toHaveAttribute("data-map-status", "loaded");
    await expect(map.locator("path.kw-map-circle")).toHaveCount(1);
    await expect(page.getByTestId("item-location-marker")).toHaveCount(0);
    await expect(map.locator(".leaflet-marker-icon")).toHaveCount(0);
    await expect(page.getByTestId("item-location-caption")).toContainText("Utrecht");
    await expect(page.getByTestId("item-location-caption")).not.toContainText("Neude");
    expect(errors).toEqual([]);
  });

  test("the buyer of a paid order sees the exact spot", async ({ page }) => {
    await page.goto("/e2e/item-location?exact=1");
    await expect(page.getByTestId("item-location-marker")).toBeVisible();
    await expect(page.getByTestId("item-location-map").locator("path.kw-map-circle")).toHaveCount(0);
    await expect(page.getByTestId("item-location-caption")).toContainText("Neude 11");
  });
});

test("screenshots of the picker and the products map", async ({ page }, testInfo) => {
  await openPicker(page);
  await search(page, "3511 AB");
  await expect(page.getByTestId("location-picker-address")).toBeVisible();
  await settledCenter(page, "location-picker-marker");
  await page.screenshot({ path: testInfo.outputPath("location-picker.png"), fullPage: true });
  await page.goto("/e2e/products-map");
  await expect(page.getByTestId("products-map-marker").first()).toBeVisible();
  await page.getByTestId("products-map-marker").first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("products-map-popup")).toBeVisible();
  await settledCenter(page, "products-map-popup");
  await page.screenshot({ path: testInfo.outputPath("products-map.png"), fullPage: true });
});
