// The profile tab's photo in both languages: initials, change (the header avatar follows
// without a reload), a non-image refused with the listing form's words, remove. And the
// data export downloads with the web session.
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { open, watchErrors } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Geheim-wachtwoord-1";

async function register(page: Page, name: string, email: string) {
  await page.goto("/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("tab-register").click();
  await page.getByTestId("register-name").fill(name);
  await page.getByTestId("register-email").fill(email);
  await page.getByTestId("register-password").fill(PASSWORD);
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("auth-dialog")).toBeHidden();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
}

async function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
}

const TEXTS = {
  nl: { updated: "Profielfoto bijgewerkt", removed: "Profielfoto verwijderd", notImage: "foto.png is geen afbeelding.", change: "Foto wijzigen", add: "Foto toevoegen", remove: "Verwijderen" },
  en: { updated: "Profile photo updated", removed: "Profile photo removed", notImage: "foto.png is not an image file.", change: "Change photo", add: "Add photo", remove: "Remove" },
} as const;

for (const locale of ["nl", "en"] as const) {
  test(`profile photo: add, refuse a non-image, remove (${locale})`, async ({ page, context, baseURL }) => {
    const errors = watchErrors(page);
    const text = TEXTS[locale];
    await context.addCookies([{ name: "kringwaar_locale", value: locale, url: baseURL! }]);
    await register(page, "Fenna Bakker", `fenna.${locale}.${stamp}@example.nl`);
    await open(page, "/dashboard?tab=profile");

    const photo = page.getByTestId("profile-photo");
    await expect(photo.getByTestId("profile-photo-initials")).toHaveText("FB");
    await expect(page.getByTestId("profile-photo-change")).toHaveText(text.add);
    await expect(page.getByTestId("profile-photo-remove")).toHaveCount(0);
    await expect(page.getByTestId("header-welcome").locator("img")).toHaveCount(0);

    await page.getByTestId("profile-photo-input").setInputFiles({ name: "ik.png", mimeType: "image/png", buffer: await photoPng() });
    await expect(page.getByText(text.updated)).toBeVisible();
    const image = photo.getByTestId("profile-photo-image");
    await expect(image).toBeVisible();
    const src = await image.getAttribute("src");
    expect(src).toMatch(/^\/uploads\/profiles\/\d{4}\/[0-9a-f-]{36}\.webp$/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    // The header avatar follows without a reload.
    await expect(page.getByTestId("header-welcome").locator("img")).toHaveAttribute("src", src!);
    await expect(page.getByTestId("profile-photo-change")).toHaveText(text.change);

    // A text file named like a photo: refused in the browser, nothing uploaded.
    await page.getByTestId("profile-photo-input").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.from("geen foto\n") });
    await expect(page.getByText(text.notImage)).toBeVisible();
    await expect(image).toHaveAttribute("src", src!);

    await page.getByTestId("profile-photo-remove").click();
    await expect(page.getByText(text.removed)).toBeVisible();
    await expect(photo.getByTestId("profile-photo-initials")).toBeVisible();
    await expect(page.getByTestId("header-welcome").locator("img")).toHaveCount(0);
    expect((await (await page.request.get("/api/users/me")).json()).profile_image).toBeNull();
    expect((await page.request.get(src!)).status()).toBe(404);
    expect(errors).toEqual([]);
  });
}

test("the data export downloads with the web session", async ({ page }) => {
  const email = `export.${stamp}@example.nl`;
  await register(page, "Daan Export", email);
  const res = await page.request.get("/api/users/me/export");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="kringwaar-export-\d{4}-\d{2}-\d{2}\.json"$/);
  const data = await res.json();
  expect(data.profile).toMatchObject({ name: "Daan Export", email });
  expect(JSON.stringify(data)).not.toMatch(/password_?hash|\$argon2/i);
});
