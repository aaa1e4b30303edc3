import { expect, test, type Page } from "@playwright/test";

const stamp = Date.now();
const PASSWORD = "Geheim-wachtwoord-1";

async function openRegister(page: Page) {
  await page.goto("/");
  await page.getByTestId("header-join").click();
  await expect(page.getByTestId("auth-dialog")).toBeVisible();
  await page.getByTestId("tab-register").click();
}

async function logout(page: Page) {
  await page.getByTestId("header-logout").click();
  await expect(page.getByTestId("header-join")).toBeVisible();
}

test("register a private account, log out and log in again", async ({ page }) => {
  const email = `femke.${stamp}@example.nl`;
  await openRegister(page);
  await page.getByTestId("register-name").fill("Femke de Boer");
  await page.getByTestId("register-email").fill(email);
  await page.getByTestId("register-password").fill(PASSWORD);
  await page.getByTestId("register-phone").fill("612345678");
  await page.getByTestId("register-submit").click();

  await expect(page.getByTestId("auth-dialog")).toBeHidden();
  await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", /Welkom, Femke/);
  const me = await (await page.request.get("/api/users/me")).json();
  expect(me).toMatchObject({ name: "Femke de Boer", email, phone: "+31612345678", is_business_seller: false });

  await logout(page);
  expect((await page.request.get("/api/users/me")).status()).toBe(401);

  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(email.toUpperCase());
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", /Welkom, Femke/);
});

test("register a business seller with company name, VAT and KvK numbers, business address, phone and the trader statement", async ({ page }) => {
  await openRegister(page);
  await page.getByTestId("register-name").fill("Joost Smit");
  await page.getByTestId("register-email").fill(`joost.${stamp}@bedrijf.nl`);
  await page.getByTestId("register-password").fill(PASSWORD);
  await expect(page.getByTestId("register-company")).toBeHidden();
  await page.getByTestId("register-business").click();
  await page.getByTestId("register-company").fill("Smit Tweedehands B.V.");
  await page.getByTestId("register-vat").fill("NL12345");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-vat-error")).toBeVisible();

  await page.getByTestId("register-vat").fill("NL123456789B01");
  await page.getByTestId("register-phone").fill("612345679");
  await page.getByTestId("register-kvk").fill("1234 5678");
  await page.getByTestId("register-business-address").fill("Oudegracht 12, 3511 AB Utrecht");
  await page.getByTestId("register-trader-certified").click();
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", /Welkom, Joost/);
  const me = await (await page.request.get("/api/users/me")).json();
  expect(me).toMatchObject({ is_business_seller: true, business_name: "Smit Tweedehands B.V.", vat_number: "NL123456789B01", kvk_number: "12345678", trader_details_missing: [] });
});

test("a wrong password shows the error and keeps the visitor logged out", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill("admin@kringwaar.nl");
  await page.getByTestId("login-password").fill("niet-het-wachtwoord");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("auth-error")).toBeVisible();
  await expect(page.getByTestId("auth-error")).not.toBeEmpty();
  await expect(page.getByTestId("header-welcome")).toHaveCount(0);
});

test("the demo admin can log in", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill("admin@kringwaar.nl");
  await page.getByTestId("login-password").fill("Kringwaar2026!");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", /Welkom, Kringwaar/);
});

test("the language choice survives a reload and is mirrored in localStorage", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByTestId("header-join")).toHaveText("Aanmelden");

  await page.getByTestId("language-switcher").getByRole("button", { name: "English" }).click();
  await expect(page.getByTestId("header-join")).toHaveText("Join");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.evaluate(() => localStorage.getItem("kringwaar.locale"))).toBe("en");

  await page.reload();
  await expect(page.getByTestId("header-join")).toHaveText("Join");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByTestId("language-switcher").getByRole("button", { name: "Nederlands" }).click();
  await expect(page.getByTestId("header-join")).toHaveText("Aanmelden");
});

test("a stored value other than nl or en is ignored", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("kringwaar.locale", "<img src=x onerror=alert(1)>"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByTestId("header-join")).toHaveText("Aanmelden");
});

test("protected pages send logged-out visitors to log in, then show them the page", async ({ page }) => {
  const email = `orders.${stamp}@example.nl`;
  const res = await page.request.post("/api/auth/register", {
    data: { name: "Olga Visser", email, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  await page.goto("/orders");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("auth-dialog")).toBeVisible();
  await expect(page.getByTestId("auth-reason")).toHaveText("Log in om je bestellingen te bekijken.");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByTestId("header-welcome")).toBeVisible();
  await expect(page.getByTestId("orders-empty")).toBeVisible();
});

test.describe("the installable app", () => {
  // playwright.config.ts blocks service workers for every other test.
  test.use({ serviceWorkers: "allow" });

  test("the web app manifest and service worker are served", async ({ page, request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest.name).toContain("Kringwaar");
    expect(manifest.icons.length).toBeGreaterThan(0);
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    await page.goto("/", { waitUntil: "load" });
    // Installing it (the offline page with its scripts, the icons) waits until the page's own
    // start is done: a few seconds after load, when the main thread is idle.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) ?? null)).toBeNull();
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null), { timeout: 30_000 })
      .toContain("/sw.js");
  });
});
