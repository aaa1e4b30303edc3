// The notification bell and /notifications in Chromium, in both languages: an event
// written by someone else (the seller lowers the price of a saved item) shows on the
// signed-in user's bell without a reload (the event stream), the dropdown lists it,
// "mark all as read" clears the badge, and /notifications filters unread and read.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { open, registerAccount, signIn, watchErrors, type ApiAccount } from "./helpers";

const stamp = Date.now();
const PASSWORD = "Melding-wachtwoord-1";
type Account = ApiAccount;

const account = (request: APIRequestContext, name: string) => registerAccount(request, name, PASSWORD);

async function listProduct(request: APIRequestContext, seller: Account, title: string) {
  const auth = { authorization: `Bearer ${seller.token}` };
  const raw = Buffer.alloc(32 * 24 * 3, 0x5a);
  const upload = await request.post("/api/upload-image", {
    headers: auth,
    multipart: {
      file: { name: "foto.png", mimeType: "image/png", buffer: await sharp(raw, { raw: { width: 32, height: 24, channels: 3 } }).png().toBuffer() },
    },
  });
  const located = await (await request.post("/api/geocode", { headers: auth, data: { address: "Neude 11, Utrecht" } })).json();
  const payload = {
    title,
    description: `${title}, netjes en goed werkend.`,
    price: 80,
    category: "Fietsen",
    condition: "good",
    images: [(await upload.json()).url],
    location_id: located.location_id,
  };
  const created = await request.post("/api/products", { headers: auth, data: payload });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  return {
    id,
    lowerPrice: async (price: number) => {
      const res = await request.put(`/api/products/${id}`, { headers: auth, data: { ...payload, price } });
      expect(res.status()).toBe(200);
    },
  };
}

const login = (page: Page, who: Account) => signIn(page, { email: who.email, password: PASSWORD });

for (const locale of ["nl", "en"] as const) {
  const text =
    locale === "nl"
      ? { drop: "Prijs verlaagd", bell: /Meldingen/, allRead: "Alle meldingen zijn als gelezen gemarkeerd", markAll: "Alles als gelezen markeren", noUnread: "Geen ongelezen meldingen" }
      : { drop: "Price dropped", bell: /Notifications/, allRead: "All notifications marked as read", markAll: "Mark all as read", noUnread: "No unread notifications" };

  test(`${locale}: the bell shows a new notification without a reload, and /notifications filters it`, async ({ page, context, request, baseURL }) => {
    await context.addCookies([{ name: "kringwaar_locale", value: locale, url: baseURL! }]);
    const errors = watchErrors(page);
    const seller = await account(request, `Verkoper ${locale}`);
    const saver = await account(request, `Spaarder ${locale}`);
    const title = `Sparta omafiets ${locale} ${stamp}`;
    const product = await listProduct(request, seller, title);
    const saved = await request.post(`/api/wishlist/${product.id}`, { headers: { authorization: `Bearer ${saver.token}` } });
    expect(saved.ok()).toBe(true);

    await login(page, saver);
    const bell = page.getByTestId("notification-bell");
    await expect(bell).toBeVisible();
    await expect(bell).toHaveAccessibleName(text.bell);
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);

    // Someone else's write: the badge appears on this open page, no reload, no 10 s poll.
    const marker = await page.evaluate(() => performance.now());
    await product.lowerPrice(60);
    await expect(page.getByTestId("notification-badge")).toHaveText("1", { timeout: 5_000 });
    const elapsed = (await page.evaluate(() => performance.now())) - marker;
    expect(elapsed).toBeLessThan(5_000);

    await bell.click();
    const dropdown = page.getByTestId("notification-dropdown");
    await expect(dropdown.getByTestId("notification-item")).toHaveCount(1);
    await expect(dropdown).toContainText(text.drop);
    await expect(dropdown).toContainText(title);
    await dropdown.getByRole("button", { name: text.markAll }).click();
    await expect(page.getByText(text.allRead)).toBeVisible();
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    await page.keyboard.press("Escape");

    await open(page, "/notifications?filter=unread");
    await expect(page.getByTestId("notifications-empty")).toHaveText(text.noUnread);
    // A reply from the seller: on the page itself, "Alles als gelezen markeren" reads it.
    const asked = await request.post("/api/conversations", {
      headers: { authorization: `Bearer ${saver.token}` },
      data: { product_id: product.id, recipient_id: seller.id, initial_message: "Kan ik hem zaterdag ophalen?" },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const replied = await request.post(`/api/conversations/${(await asked.json()).id}/messages`, {
      headers: { authorization: `Bearer ${seller.token}` },
      data: { content: "Ja hoor, zaterdag kan." },
    });
    expect(replied.status(), await replied.text()).toBe(201);
    await expect(page.getByTestId("notification-badge")).toHaveText("1");
    await open(page, "/notifications?filter=unread");
    await expect(page.getByTestId("notifications-list").getByTestId("notification-item")).toHaveCount(1);
    await page.getByTestId("notifications-mark-all").click();
    await expect(page.getByTestId("notifications-empty")).toHaveText(text.noUnread);
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    await page.getByTestId("notifications-filter-read").click();
    await expect(page.getByTestId("notifications-list").getByTestId("notification-item")).toHaveCount(2);
    await expect(page.getByTestId("notifications-mark-all")).toHaveCount(0);
    await expect(page.getByTestId("notifications-list")).toContainText(text.drop);
    // A click follows the notification's link.
    await page.getByTestId("notifications-list").getByTestId("notification-item").filter({ hasText: text.drop }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}`));
    expect(errors).toEqual([]);
  });
}
