// The support desk and the admin area in Chromium, members in English and the admin in Dutch: a user opens a
// ticket, the admin answers it from /admin/tickets and sets it resolved, the user sees
// the staff reply with its badge and a notification; the admin bans a user, verifies
// another, features a product, removes a reported listing with a reason the seller then
// reads, and resolves a dispute; every step appears in the audit log. A non-admin is
// sent away from the admin area. (The admin pages' axe scan is in a11y.spec.ts, with
// every page's.) Fresh accounts and products per run.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { clickUntilShown, signIn as login, open, watchErrors } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Support-wachtwoord-1";
const ADMIN = { email: "admin@kringwaar.nl", password: "Kringwaar2026!" };
type Lang = "nl" | "en";

type Account = { email: string; token: string; id: string; name: string; password: string };
let ipCounter = 0;

async function account(request: APIRequestContext, name: string): Promise<Account> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${stamp}@example.nl`;
  ipCounter += 1;
  const res = await request.post("/api/auth/register", {
    data: { name, email, password: PASSWORD },
    headers: { "x-forwarded-for": `203.0.113.${10 + ipCounter}` },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { email, token: body.access_token, id: body.user.id, name, password: PASSWORD };
}

async function png(): Promise<Buffer> {
  const raw = Buffer.alloc(32 * 24 * 3, 0x5c);
  return sharp(raw, { raw: { width: 32, height: 24, channels: 3 } }).png().toBuffer();
}

async function listProduct(request: APIRequestContext, seller: Account, title: string, price = 25) {
  const auth = { authorization: `Bearer ${seller.token}` };
  const upload = await request.post("/api/upload-image", { headers: auth, multipart: { file: { name: "foto.png", mimeType: "image/png", buffer: await png() } } });
  expect(upload.status()).toBe(201);
  const place = await (await request.post("/api/geocode", { headers: auth, data: { address: "Neude 11, Utrecht" } })).json();
  expect(place.success).toBe(true);
  const created = await request.post("/api/products", {
    headers: auth,
    data: { title, description: `${title}, netjes en goed werkend.`, price, category: "Fietsen", condition: "good", images: [(await upload.json()).url], location_id: place.location_id },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).id as string;
}

/** A paid order that the buyer disputes, through the API. */
async function disputedOrder(request: APIRequestContext, buyer: Account, productId: string) {
  const auth = { authorization: `Bearer ${buyer.token}` };
  const started = await (await request.post("/api/payment/create-checkout", { headers: auth, data: { product_id: productId } })).json();
  const paid = await request.post(`/api/payments/test-checkout/${started.session_id}/pay`, { headers: { ...auth, accept: "application/json" } });
  expect(paid.status()).toBe(200);
  const orderId = started.transaction_ids[0] as string;
  // With a photo of the problem, as the order card's dialog sends it.
  const photo = await request.post("/api/upload-image", { headers: auth, multipart: { file: { name: "wiel.png", mimeType: "image/png", buffer: await png() } } });
  expect(photo.status()).toBe(201);
  const disputed = await request.post(`/api/transactions/${orderId}/confirm-delivery`, {
    headers: auth,
    data: { transaction_id: orderId, confirmation_type: "dispute", notes: "Het wiel was krom.", photos: [(await photo.json()).url] },
  });
  expect(disputed.status()).toBe(200);
  return orderId;
}

async function newPage(browser: Browser, baseURL: string | undefined, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB", timezoneId: "Europe/Amsterdam" });
  await context.addCookies([{ name: "kringwaar_locale", value: lang, url: baseURL ?? "http://localhost" }]);
  return context.newPage();
}

/** The user's notification: the bell has it, and /notifications shows it. */
async function expectNotification(page: Page, text: string | RegExp) {
  // A page of its own, so the journey's page (and its error watch) is left as it was.
  await expect(page.getByTestId("notification-badge")).toBeVisible();
  const notifications = await page.context().newPage();
  await open(notifications, "/notifications");
  await expect(notifications.getByTestId("notifications-list").getByText(text).first()).toBeVisible();
  await notifications.close();
}

async function search(page: Page, text: string) {
  await page.getByTestId("admin-search").fill(text);
  await page.getByTestId("admin-search").press("Enter");
}

const T = {
  nl: { staff: "Supportteam", resolved: "Opgelost", reply: "Nieuw antwoord van Support", removed: "Advertentie verwijderd", featured: "Product uitgelicht!" },
  en: { staff: "Support team", resolved: "Resolved", reply: "New reply from Support", removed: "Listing removed", featured: "Product featured!" },
} as const;

// Once, with the members in English and the admin in Dutch: each sees the desk, the
// admin area and the notifications in their own language, and the journey is run once
// rather than once per language.
const LANGUAGES = [{ members: "en", admin: "nl" }] as const;

for (const { members: lang, admin: adminLang } of LANGUAGES) {
  test(`support desk and admin journey (members ${lang}, admin ${adminLang})`, async ({ browser, request, baseURL }) => {
    test.setTimeout(240_000);
    const tag = `${lang}-${stamp}`;
    const user = await account(request, `Ticket Schrijver ${lang}`);
    const seller = await account(request, `Gemelde Verkoper ${lang}`);
    const toBan = await account(request, `Te Blokkeren ${lang}`);
    const toVerify = await account(request, `Te Verifieren ${lang}`);
    const buyer = await account(request, `Geschil Koper ${lang}`);
    const reportedId = await listProduct(request, seller, `Namaak tas ${tag}`);
    const featureTitle = `Uitgelichte fiets ${tag}`;
    await listProduct(request, seller, featureTitle);
    const disputeTitle = `Krom wiel ${tag}`;
    const orderId = await disputedOrder(request, buyer, await listProduct(request, seller, disputeTitle, 40));

    // The user opens a ticket and reports a listing.
    const userPage = await newPage(browser, baseURL, lang);
    const userErrors = watchErrors(userPage);
    await login(userPage, user);
    await open(userPage, "/support");
    const subject = `Vraag ${tag}`;
    await userPage.getByTestId("ticket-subject").fill(subject);
    await userPage.getByTestId("ticket-message").fill("Wanneer wordt mijn geld uitbetaald?");
    await userPage.getByTestId("ticket-submit").click();
    await expect(userPage.getByTestId("ticket-detail")).toContainText(subject);
    await expect(userPage.getByTestId("my-ticket").filter({ hasText: subject })).toBeVisible();

    await open(userPage, `/product/${reportedId}`);
    await clickUntilShown(userPage.getByTestId("report-listing"), userPage.getByTestId("report-dialog"));
    await userPage.getByTestId("report-reason").selectOption("counterfeit");
    await userPage.getByTestId("report-details").fill("Nep merktas.");
    await userPage.getByTestId("report-good-faith").click();
    await userPage.getByTestId("report-submit").click();
    await expect(userPage.getByTestId("report-dialog")).toBeHidden();

    // The admin answers the ticket and resolves it.
    const adminPage = await newPage(browser, baseURL, adminLang);
    const adminErrors = watchErrors(adminPage);
    await login(adminPage, ADMIN);
    await open(adminPage, "/admin/tickets");
    await adminPage.getByTestId("admin-ticket").filter({ hasText: subject }).click();
    await adminPage.getByTestId("ticket-reply-input").fill("Binnen 3 dagen na de overdracht.");
    await adminPage.getByTestId("ticket-reply-send").click();
    await expect(adminPage.getByTestId("ticket-reply").filter({ hasText: "Binnen 3 dagen" })).toBeVisible();
    await adminPage.getByTestId("ticket-resolved").click();
    await expect(adminPage.getByTestId("ticket-detail").getByTestId("ticket-status")).toHaveAttribute("data-status", "resolved");

    // The user sees the staff reply with its badge, and a notification.
    await open(userPage, "/support");
    await userPage.getByTestId("my-ticket").filter({ hasText: subject }).click();
    const staffReply = userPage.getByTestId("ticket-reply").filter({ hasText: "Binnen 3 dagen" });
    await expect(staffReply.getByTestId("staff-badge")).toHaveText(T[lang].staff);
    await expect(userPage.getByTestId("ticket-detail").getByTestId("ticket-status")).toHaveText(T[lang].resolved);
    await expectNotification(userPage, T[lang].reply);

    // Ban one user, verify another.
    await open(adminPage, "/admin/users");
    await search(adminPage, toBan.email);
    await adminPage.locator(`[data-testid="user-row"][data-email="${toBan.email}"]`).getByTestId("user-ban").click();
    await adminPage.getByTestId("statement-category").selectOption("scam");
    await adminPage.getByTestId("statement-facts").fill("Vroeg kopers om via een betaallink te betalen.");
    await adminPage.getByTestId("statement-rule").fill("Gebruiksvoorwaarden art. 5.2");
    await adminPage.getByTestId("statement-confirm").click();
    await expect(adminPage.locator(`[data-testid="user-row"][data-email="${toBan.email}"]`).getByTestId("user-unban")).toBeVisible();
    await search(adminPage, toVerify.email);
    await adminPage.locator(`[data-testid="user-row"][data-email="${toVerify.email}"]`).getByTestId("user-verify").click();
    await expect(adminPage.locator(`[data-testid="user-row"][data-email="${toVerify.email}"]`).getByTestId("user-verify")).toHaveCount(0);

    // Feature a product: it shows among the home page's featured products.
    await open(adminPage, "/admin/products");
    await search(adminPage, featureTitle);
    await adminPage.locator(`[data-testid="product-row"][data-title="${featureTitle}"]`).getByTestId("product-feature").click();
    await expect(adminPage.getByText(T[adminLang].featured)).toBeVisible();
    await open(userPage, "/");
    await expect(userPage.getByTestId("home-featured")).toContainText(featureTitle);

    // Remove the reported listing with a reason; the seller reads it.
    await open(adminPage, "/admin/reports");
    const report = adminPage.locator(`[data-testid="report-item"][data-target="Namaak tas ${tag}"]`);
    await report.getByTestId("report-remove").click();
    await expect(adminPage.getByTestId("statement-dialog")).toContainText(`Namaak tas ${tag}`);
    await adminPage.getByTestId("statement-facts").fill("Namaak van een beschermd merk.");
    await adminPage.getByTestId("statement-rule").fill("Gebruiksvoorwaarden art. 4.1: geen namaak");
    await adminPage.getByTestId("statement-confirm").click();
    await expect(report).toHaveCount(0);
    expect((await request.get(`/api/products/${reportedId}`)).status()).toBe(404);
    const sellerPage = await newPage(browser, baseURL, lang);
    await login(sellerPage, seller);
    await expectNotification(sellerPage, /Namaak van een beschermd merk\./);

    // Resolve the dispute.
    await open(adminPage, "/admin/disputes");
    const dispute = adminPage.locator(`[data-testid="dispute-item"][data-title="${disputeTitle}"]`);
    await expect(dispute).toContainText("Het wiel was krom.");
    // The buyer's photo, to judge by (it opens full size).
    const photo = dispute.getByTestId("dispute-photos").getByRole("link");
    await expect(photo).toHaveCount(1);
    await expect(photo.getByRole("img")).toHaveAttribute("alt", adminLang === "nl" ? "Foto 1 van de koper" : "Buyer's photo 1");
    expect((await request.get((await photo.getAttribute("href"))!)).status()).toBe(200);
    await expect(dispute.getByTestId("dispute-conversation")).toHaveAttribute("data-order-id", orderId);
    await dispute.getByTestId("dispute-note").fill("Koper stuurde geen foto's.");
    await dispute.getByTestId("dispute-release").click();
    // A money decision asks first (docs/returns.md).
    await adminPage.getByTestId("dispute-confirm-confirm").click();
    await expect(dispute).toHaveCount(0);

    // Every step is in the audit log.
    await open(adminPage, "/admin/audit");
    for (const action of ["ticket.reply", "ticket.status", "user.ban", "user.verify", "product.feature", "product.remove", "report.remove_listing", "dispute.resolve"]) {
      await expect(adminPage.locator(`[data-testid="audit-row"][data-action="${action}"]`).first()).toBeVisible();
    }
    expect(userErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
}

test("non-admins are sent away from the admin area", async ({ browser, baseURL, request }) => {
  const member = await account(request, "Gewone Gebruiker");
  const memberPage = await newPage(browser, baseURL, "nl");
  await login(memberPage, member);
  await memberPage.goto("/admin/users");
  await expect(memberPage).toHaveURL(/\/$/);
});
