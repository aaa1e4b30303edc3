// Trust and the law in Chromium: a visitor reports a listing with their
// e-mail address and the good-faith statement (no login dialog); an admin bans a user
// with a statement of reasons, and the user sees it when logging in, with the way to
// object, and files the objection; an admin holds a seller's payouts with a statement of
// reasons and releases them; on a phone, a seller with a sale fills the DAC7 tax
// profile (field errors at the fields, the numbers masked afterwards) and reads the
// yearly statement per quarter, in both languages, and the tab passes axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { as, clickUntilShown, listProductViaApi, signIn, open, registerAccount, watchErrors, type ApiAccount } from "./helpers";

const ADMIN = { email: "admin@kringwaar.nl", password: "Kringwaar2026!" };
const PASSWORD = "Fout-wachtwoord-proef-1";

test("a visitor reports a listing", async ({ page, request }) => {
  const errors = watchErrors(page);
  const seller = await registerAccount(request, "Gemelde Verkoper Trust");
  const productId = await listProductViaApi(request, seller, `Verdachte fiets ${Date.now()}`, 40);
  await open(page, `/product/${productId}`);
  await clickUntilShown(page.getByTestId("report-listing"), page.getByTestId("report-dialog"));
  await page.getByTestId("report-reason").selectOption("scam");
  await page.getByTestId("report-details").fill("Vraagt om vooruitbetaling via een link.");
  // Without address and good faith, the form says what is missing.
  await page.getByTestId("report-submit").click();
  await expect(page.getByTestId("report-dialog").getByRole("alert")).toBeVisible();
  const email = `bezoeker.${Date.now()}@example.nl`;
  await page.getByTestId("report-email").fill(email);
  await page.getByTestId("report-good-faith").click();
  await page.getByTestId("report-submit").click();
  await expect(page.getByTestId("report-dialog")).toBeHidden();

  // The admin sees the visitor's report with their address.
  const admin = await request.post("/api/auth/login", { data: ADMIN, headers: { "x-forwarded-for": "198.18.200.1" } });
  const token = (await admin.json()).access_token as string;
  const queue = await (await request.get("/api/admin/reports?status=open", { headers: { authorization: `Bearer ${token}` } })).json();
  expect(queue.find((r: { target_id: string }) => r.target_id === productId)).toMatchObject({ reporter_email: email, reporter_name: null });
  expect(errors).toEqual([]);
});

test("an admin bans with reasons; the user sees the statement at login and objects", async ({ browser, baseURL, request }) => {
  test.setTimeout(180_000);
  const user = await registerAccount(request, "Verbannen Gebruiker Trust", PASSWORD);
  await listProductViaApi(request, user, `Lamp ${Date.now()}`, 15);

  const adminContext = await browser.newContext({ baseURL, locale: "nl-NL" });
  const adminPage = await adminContext.newPage();
  const adminErrors = watchErrors(adminPage);
  await open(adminPage, "/");
  await adminPage.getByTestId("header-join").click();
  await adminPage.getByTestId("login-email").fill(ADMIN.email);
  await adminPage.getByTestId("login-password").fill(ADMIN.password);
  await adminPage.getByTestId("login-submit").click();
  await expect(adminPage.getByTestId("header-welcome")).toBeVisible();
  await open(adminPage, "/admin/users");
  await adminPage.getByTestId("admin-search").fill(user.email);
  await adminPage.getByTestId("admin-search").press("Enter");
  const row = adminPage.locator(`[data-testid="user-row"][data-email="${user.email}"]`);
  await row.getByTestId("user-ban").click();
  await expect(adminPage.getByTestId("statement-confirm")).toBeDisabled();
  await adminPage.getByTestId("statement-category").selectOption("scam");
  await adminPage.getByTestId("statement-facts").fill("Vroeg kopers om buiten Kringwaar te betalen via een betaallink.");
  await adminPage.getByTestId("statement-rule").fill("Gebruiksvoorwaarden art. 5.2: betalen alleen via Kringwaar");
  await adminPage.getByTestId("statement-confirm").click();
  await expect(row.getByTestId("user-unban")).toBeVisible();

  // The user logs in and reads why, with the way to object.
  const userContext = await browser.newContext({ baseURL, locale: "nl-NL" });
  const page = await userContext.newPage();
  const errors = watchErrors(page);
  await open(page, "/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(user.email);
  await page.getByTestId("login-password").fill(PASSWORD);
  await page.getByTestId("login-submit").click();
  const statement = page.getByTestId("ban-statement");
  await expect(statement).toBeVisible();
  await expect(statement.getByTestId("ban-statement-facts")).toHaveText("Vroeg kopers om buiten Kringwaar te betalen via een betaallink.");
  await expect(statement.getByTestId("ban-statement-rule")).toHaveText("Gebruiksvoorwaarden art. 5.2: betalen alleen via Kringwaar");
  await expect(statement).toContainText("Oplichting");
  await expect(statement).toContainText("medewerker");

  // The objection, through the link: a person decides it later.
  await statement.getByTestId("ban-statement-appeal").click();
  await page.waitForURL("**/appeal?statement=*");
  await page.getByTestId("appeal-text").fill("Ik heb nooit om een betaallink gevraagd.");
  await page.getByTestId("appeal-submit").click();
  await expect(page.getByTestId("appeal-done")).toBeVisible();
  const appeals = await (await request.get("/api/admin/appeals?status=open", { headers: as({ ...user, token: (await (await request.post("/api/auth/login", { data: ADMIN, headers: { "x-forwarded-for": "198.18.200.2" } })).json()).access_token }) })).json();
  expect(appeals.find((a: { user: { id: string } }) => a.user.id === user.id)).toMatchObject({ text: "Ik heb nooit om een betaallink gevraagd.", status: "open" });
  // The refused sign-in of the banned account (next-auth's 401, the API's 403) is
  // expected; nothing else fails.
  expect(errors.filter((e) => !e.includes("403") && !e.includes("/api/auth/callback/credentials"))).toEqual([]);
  expect(adminErrors).toEqual([]);
});

test("an admin holds a seller's payouts with reasons and releases them", async ({ browser, baseURL, request }) => {
  const seller = await registerAccount(request, "Vastgehouden Verkoper Trust");
  const context = await browser.newContext({ baseURL, locale: "nl-NL" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, ADMIN);
  await open(page, "/admin/users");
  await page.getByTestId("admin-search").fill(seller.email);
  await page.getByTestId("admin-search").press("Enter");
  const row = page.locator(`[data-testid="user-row"][data-email="${seller.email}"]`);
  await row.getByTestId("user-hold-payouts").click();
  await expect(page.getByTestId("statement-dialog")).toContainText("Uitbetalingen vasthouden");
  await expect(page.getByTestId("statement-confirm")).toBeDisabled();
  await page.getByTestId("statement-category").selectOption("counterfeit");
  await page.getByTestId("statement-facts").fill("Drie kopers meldden namaakhorloges.");
  await page.getByTestId("statement-rule").fill("Gebruiksvoorwaarden art. 4.3: geen namaak");
  await page.getByTestId("statement-confirm").click();
  await expect(row.getByTestId("user-payouts-held")).toBeVisible();
  // The seller has the statement, with the way to object.
  const statements = await (await request.get("/api/users/me/statements", { headers: as(seller) })).json();
  expect(statements[0]).toMatchObject({ kind: "payout_hold", category: "counterfeit", facts: "Drie kopers meldden namaakhorloges.", automated: false });
  await row.getByTestId("user-release-payouts").click();
  await page.getByTestId("user-confirm-confirm").click();
  await expect(row.getByTestId("user-hold-payouts")).toBeVisible();
  await expect(row.getByTestId("user-payouts-held")).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CRON_SECRET = "e2e-cron-secret-kringwaar-0123456789";
const DAY = 24 * 60 * 60 * 1000;

/** One completed sale of `seller` at `price` euros: bought, paid, handed over, paid out by the escrow job 3 days later. */
async function completedSale(request: APIRequestContext, seller: ApiAccount, buyer: ApiAccount, price: number) {
  const productId = await listProductViaApi(request, seller, `Jaaroverzicht fiets ${Date.now()}`, price);
  const started = await request.post("/api/payment/create-checkout", { headers: as(buyer), data: { product_id: productId } });
  expect(started.status(), await started.text()).toBe(200);
  const { session_id, transaction_ids } = await started.json();
  const paid = await request.post(`/api/payments/test-checkout/${session_id}/pay`, { headers: { ...as(buyer), accept: "application/json" } });
  expect(paid.status(), await paid.text()).toBe(200);
  const orderId = transaction_ids[0] as string;
  const mine: { id: string; pickup_code: string }[] = await (await request.get("/api/transactions", { headers: as(buyer) })).json();
  const handover = await request.post(`/api/transactions/${orderId}/handover`, { headers: as(seller), data: { code: mine.find((o) => o.id === orderId)!.pickup_code } });
  expect(handover.status(), await handover.text()).toBe(200);
  const job = await request.post(`/api/cron/release-payouts?now=${new Date(Date.now() + 3 * DAY + 60_000).toISOString()}`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
  expect(job.status()).toBe(200);
  expect((await job.json()).payouts).toBeGreaterThanOrEqual(1);
}

const TAX = {
  nl: { money: /€\s120,00/, fees: /€\s0,00/, bsnError: "Vul een geldig BSN in", nameError: "Vul je volledige naam in.", complete: "Compleet", quarter: "K" },
  en: { money: "€120.00", fees: "€0.00", bsnError: "Enter a valid BSN", nameError: "Enter your full legal name.", complete: "Complete", quarter: "Q" },
} as const;

for (const lang of ["nl", "en"] as const) {
  test(`a seller fills the tax profile and sees the yearly statement on a phone (${lang})`, async ({ browser, baseURL, request }) => {
    test.setTimeout(180_000);
    const seller = await registerAccount(request, `Belasting Verkoper ${lang}`, PASSWORD);
    const buyer = await registerAccount(request, `Belasting Koper ${lang}`);
    await completedSale(request, seller, buyer, 120);

    const context = await browser.newContext({ ...PHONE, baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB", timezoneId: "Europe/Amsterdam" });
    await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, { email: seller.email, password: PASSWORD });
    await open(page, "/dashboard?tab=tax");
    await expect(page.getByTestId("dashboard-tab-tax")).toHaveAttribute("aria-selected", "true");
    const text = TAX[lang];

    // The statement of this year: one sale of €120 in the quarter it was paid out.
    const statement = page.getByTestId("tax-statement");
    await expect(statement.getByTestId("tax-total").locator("td").first()).toHaveText("1");
    await expect(statement.getByTestId("tax-total")).toContainText(text.money);
    await expect(statement.getByTestId("tax-total")).toContainText(text.fees);

    // Saved empty: the server's errors at the fields, the first one focused.
    await page.getByTestId("tax-save").tap();
    await expect(page.getByTestId("tax-error-legal_name")).toHaveText(text.nameError);
    await expect(page.getByTestId("tax-legal_name")).toBeFocused();
    // A BSN failing the 11-test.
    await page.getByTestId("tax-legal_name").fill("Femke de Boer");
    await page.getByTestId("tax-date_of_birth").fill("1988-03-09");
    await page.getByTestId("tax-address-street").fill("Oudegracht");
    await page.getByTestId("tax-address-house_number").fill("12");
    await page.getByTestId("tax-address-city").fill("Utrecht");
    await page.getByTestId("tax-address-postcode").fill("3511 AB");
    await page.getByTestId("tax-bsn").fill("111222334");
    await page.getByTestId("tax-iban").fill("NL91 ABNA 0417 1643 00");
    await page.getByTestId("tax-save").tap();
    await expect(page.getByTestId("tax-error-bsn")).toContainText(text.bsnError);
    await expect(page.getByTestId("tax-error-legal_name")).toHaveCount(0);
    await page.getByTestId("tax-bsn").fill("111222333");
    await page.getByTestId("tax-save").tap();
    await expect(page.getByTestId("tax-status")).toHaveText(text.complete);
    // The numbers come back masked, as hints; the inputs stay empty (empty = keep).
    await expect(page.getByTestId("tax-bsn")).toHaveValue("");
    await expect(page.locator("#tax-bsn-hint")).toContainText("*****2333");
    await expect(page.locator("#tax-iban-hint")).toContainText("NL************4300");
    // Saving again without retyping them keeps them.
    await page.getByTestId("tax-address-house_number").fill("14");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/users/me/tax-profile") && r.request().method() === "PUT");
    await page.getByTestId("tax-save").tap();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId("tax-status")).toHaveText(text.complete);
    const profile = await (await request.get("/api/users/me/tax-profile", { headers: as(seller) })).json();
    expect(profile).toMatchObject({ complete: true, profile: { legal_name: "Femke de Boer", bsn: "*****2333", iban: "NL************4300", address: { house_number: "14" } } });

    // The scan without the save's toast (it fades in and out: its contrast mid-animation is not the page's).
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
    const scan = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).options({ resultTypes: ["violations"] }).analyze();
    expect(scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // The refused saves (422) are expected; nothing else fails.
    expect(errors.filter((e) => !e.includes("422"))).toEqual([]);
    await context.close();
  });
}
