// Trust and the law in Chromium (issue 30): a visitor reports a listing with their
// e-mail address and the good-faith statement (no login dialog); an admin bans a user
// with a statement of reasons, and the user sees it when logging in, with the way to
// object, and files the objection.
import { expect, test } from "@playwright/test";
import { as, listProductViaApi, open, registerAccount, watchErrors } from "./support";

const ADMIN = { email: "admin@kringwaar.nl", password: "Kringwaar2026!" };
const PASSWORD = "Fout-wachtwoord-proef-1";

test("a visitor reports a listing", async ({ page, request }) => {
  const errors = watchErrors(page);
  const seller = await registerAccount(request, "Gemelde Verkoper Trust");
  const productId = await listProductViaApi(request, seller, `Verdachte fiets ${Date.now()}`, 40);
  await open(page, `/product/${productId}`);
  await page.getByTestId("report-listing").click();
  await expect(page.getByTestId("report-dialog")).toBeVisible();
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
