/**
 * The account journey, in each language: forgot password → the mail (an .eml file under
 * DATA_DIR/mail, as the embedded default writes it) → reset → login; then Settings:
 * language, a mail preference, change password, download the export, delete the account.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { open, watchErrors } from "./helpers";

const MAIL_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".data/e2e", "mail");
const stamp = Date.now();

const TEXT = {
  nl: { welcome: /Welkom, Lotte/, deleted: "Je account is verwijderd." },
  en: { welcome: /Welcome, Lotte/, deleted: "Your account has been deleted." },
} as const;

/**
 * The raw text, decoded, of the newest .eml file to `to` written after `since` whose
 * text matches `about` (the welcome mail of the registration a moment earlier must not
 * pass for the reset mail).
 */
async function mailTo(to: string, since: number, about: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(MAIL_DIR, { recursive: true }).map(String).filter((f) => f.endsWith(".eml"));
        } catch {
          return "";
        }
        const fresh = files
          .map((f) => path.join(MAIL_DIR, f))
          .filter((f) => statSync(f).mtimeMs >= since - 1000)
          .map((f) => decode(readFileSync(f, "utf8")))
          .filter((text) => new RegExp(`^To:.*${to.replace(/[.+]/g, "\\$&")}`, "im").test(text))
          .filter((text) => about.test(text));
        found = fresh.at(-1) ?? "";
        return found;
      },
      { timeout: 20_000, message: `an e-mail to ${to} in ${MAIL_DIR}` },
    )
    .not.toBe("");
  return found;
}

/** Quoted-printable soft breaks and escapes, enough to read links out of a message. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function register(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/register", { data: { name: "Lotte Visser", email, password } });
  expect(res.status()).toBe(201);
}

async function login(page: Page, email: string, password: string, welcome: RegExp) {
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toHaveAttribute("aria-label", welcome);
}

for (const locale of ["nl", "en"] as const) {
  test(`forgot password, settings, export and deletion (${locale})`, async ({ page, context }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await context.addCookies([{ name: "kringwaar_locale", value: locale, domain: "localhost", path: "/" }]);
    const email = `lotte.${locale}.${stamp}@example.nl`;
    const first = "Eerste-wachtwoord-1";
    const second = "Tweede-wachtwoord-2";
    const third = "Derde-wachtwoord-3";
    await register(page, email, first);

    // Forgot password, from the login dialog.
    await open(page, "/");
    await page.getByTestId("header-join").click();
    await page.getByTestId("login-forgot").click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const requested = Date.now();
    await page.getByTestId("forgot-password-email").fill(email);
    await page.getByTestId("forgot-password-submit").click();
    await expect(page.getByTestId("password-reset-done")).toBeVisible();

    // The mail, in the account's language, with the link.
    const mail = await mailTo(email, requested, /\/reset-password\?token=/);
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail)?.[0];
    expect(link, "the reset link in the mail").toBeTruthy();
    const resetPath = new URL(link!).pathname + new URL(link!).search;

    await open(page, resetPath);
    await page.getByTestId("reset-password-password").fill(second);
    await page.getByTestId("reset-password-repeat").fill(second);
    await page.getByTestId("reset-password-submit").click();
    await expect(page.getByTestId("password-reset-done")).toBeVisible();
    // The link works once.
    const again = await page.request.post("/api/auth/reset-password", { data: { token: new URL(link!).searchParams.get("token"), password: third } });
    expect(again.status()).toBe(400);

    await page.getByTestId("password-reset-login").click();
    await login(page, email, second, TEXT[locale].welcome);

    // Settings: switch the language to the other one and back, through the account.
    const other = locale === "nl" ? "en" : "nl";
    await open(page, "/dashboard?tab=settings");
    await page.getByTestId(`settings-locale-${other}`).check();
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    expect((await (await page.request.get("/api/users/me/settings")).json()).locale).toBe(other);
    await page.getByTestId(`settings-locale-${locale}`).check();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    // A mail preference that can be turned off.
    const toggle = page.locator('button[role="checkbox"][data-testid^="settings-mail-"]:not([disabled])').first();
    const category = (await toggle.getAttribute("data-testid"))!.replace("settings-mail-", "");
    await toggle.click();
    await expect
      .poll(async () => (await (await page.request.get("/api/users/me/settings")).json()).mail_preferences[category])
      .toBe(false);

    // Change the password: the current one is checked.
    await page.getByTestId("settings-password-current").fill("niet-mijn-wachtwoord");
    await page.getByTestId("settings-password-next").fill(third);
    await page.getByTestId("settings-password-repeat").fill(third);
    await page.getByTestId("settings-password-submit").click();
    await expect(page.getByTestId("settings-password-current-error")).toBeVisible();
    await page.getByTestId("settings-password-current").fill(second);
    await page.getByTestId("settings-password-submit").click();
    await expect(page.getByTestId("settings-password-current")).toHaveValue("");
    // (With the page's cookie, a write needs the page's Origin, as from the page itself.)
    const origin = { origin: new URL(page.url()).origin };
    const oldLogin = await page.request.post("/api/auth/login", { data: { email, password: second }, headers: origin });
    expect(oldLogin.status()).toBe(401);

    // Download my data.
    const downloading = page.waitForEvent("download");
    await page.getByTestId("settings-export").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kringwaar-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(JSON.stringify(exported)).toContain(email);

    // Delete the account.
    await page.getByTestId("settings-delete-open").click();
    await page.getByTestId("delete-account-password").fill(third);
    await page.getByTestId("delete-account-submit").click();
    await expect(page.getByTestId("delete-account-error")).toBeVisible(); // the confirmation is not ticked
    await page.getByTestId("delete-account-confirm").click();
    await page.getByTestId("delete-account-submit").click();
    await expect(page.getByTestId("header-join")).toBeVisible();
    const gone = await page.request.post("/api/auth/login", { data: { email, password: third }, headers: origin });
    expect(gone.status()).toBe(401);
    // The one refused request was the wrong current password, on purpose.
    expect(errors.filter((e) => !/422 .*\/api\/users\/me\/password/.test(e))).toEqual([]);
  });
}
