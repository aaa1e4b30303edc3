// Returns in Chromium on a phone (docs/returns.md), on the test payment and shipping
// providers, in Dutch and English: a coat not as described goes back to the seller, who
// accepts the return; the buyer is refunded and the coat is for sale again. A buyer
// withdraws from a business seller's sale within the 14 days. And an admin's money
// decision asks for confirmation, naming the amount and who gets it.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { as, listProductViaApi, open, registerAccount, signIn, watchErrors, type ApiAccount } from "./helpers";

const PASSWORD = "Retour-wachtwoord-1";
const stamp = Date.now();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
type Lang = "nl" | "en";

async function phone(browser: Browser, lang: Lang, who: { email: string; password?: string }): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL, locale: lang === "nl" ? "nl-NL" : "en-GB" });
  await context.addCookies([{ name: "kringwaar_locale", value: lang, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, { email: who.email, password: who.password ?? PASSWORD });
  return { page, errors, close: () => context.close() };
}

/** Buys and pays through the API (the test provider's Pay), with shipping or pickup; the order id. */
async function buy(request: APIRequestContext, buyer: ApiAccount, productId: string, shipping: boolean): Promise<string> {
  const started = await request.post("/api/payment/create-checkout", {
    headers: as(buyer),
    data: shipping
      ? { product_id: productId, delivery_method: "shipping", shipping_address: { name: "Noor Koper", street: "Oudegracht", house_number: "12", postcode: "3512 AB", city: "Utrecht", country: "NL" } }
      : { product_id: productId },
  });
  expect(started.status(), await started.text()).toBe(200);
  const body = await started.json();
  expect((await request.post(`/api/payments/test-checkout/${body.session_id}/pay`, { headers: { ...as(buyer), accept: "application/json" } })).status()).toBe(200);
  return body.transaction_ids[0] as string;
}

const scan = (request: APIRequestContext, who: ApiAccount, id: string, event: string) =>
  request.post(`/api/shipping/test/${id}/${event}`, { headers: as(who), data: {} });

function card(page: Page, kind: "order" | "sale", title: string) {
  return page.locator(`[data-testid="${kind}-card"]`).filter({ hasText: title });
}

test.describe.configure({ mode: "serial" });

test("nl buyer, en seller: not as described → return → label → scans → the seller accepts → refunded and for sale again", async ({ browser, request }) => {
  test.setTimeout(300_000);
  const seller = await registerAccount(request, "Verkoper jas", PASSWORD);
  const buyer = await registerAccount(request, "Koper jas", PASSWORD);
  const title = `Wollen jas ${stamp}`;
  const productId = await listProductViaApi(request, seller, title, 40, undefined, undefined, { fields: { delivery_options: ["shipping"], parcel_size: "parcel" } });
  const orderId = await buy(request, buyer, productId, true);
  await request.put("/api/shipping/sender-address", { headers: as(seller), data: { postcode: "3512 AE", house_number: "11", street: "Neude" } });
  const label = await request.post(`/api/transactions/${orderId}/shipment`, { headers: as(seller), data: {} });
  expect(label.status()).toBe(200);
  expect((await scan(request, buyer, (await label.json()).shipment.id, "delivered")).status()).toBe(200);

  // The buyer: not as described.
  const buyerPage = await phone(browser, "nl", buyer);
  const { page: bp } = buyerPage;
  await open(bp, "/orders");
  const order = card(bp, "order", title);
  await order.getByTestId("order-dispute").click();
  await bp.getByTestId("order-dispute-notes").fill("Vlekken op de mouw, niet zoals op de foto's.");
  await bp.getByTestId("order-dispute-submit").click();
  await expect(order).toHaveAttribute("data-delivery-status", "disputed");

  // The seller takes it back; the question names the amount and who gets it.
  const sellerPage = await phone(browser, "en", seller);
  const { page: sp } = sellerPage;
  await open(sp, "/dashboard?tab=sales");
  const sale = card(sp, "sale", title);
  await sale.getByTestId("return-accept_return_request").click();
  const ask = sp.getByTestId("return-confirm");
  await expect(ask).toContainText("49.25");
  await expect(ask).toContainText("the buyer gets");
  await sp.getByTestId("return-confirm-confirm").click();
  await expect(sale.getByTestId("sale-return")).toHaveAttribute("data-return-status", "label_created");

  // The buyer: the label, the deadline, the scans.
  await open(bp, "/orders");
  const ret = order.getByTestId("order-return");
  await expect(ret).toHaveAttribute("data-return-status", "label_created");
  await expect(ret).toContainText("Inleveren vóór");
  const labelUrl = await ret.getByTestId("return-label").getAttribute("href");
  expect(labelUrl).toMatch(/^\/api\/returns\/[^/]+\/label$/);
  const pdf = await bp.request.get(labelUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  const returnId = labelUrl!.split("/")[3]!;
  expect((await scan(request, buyer, returnId, "in_transit")).status()).toBe(200);
  expect((await scan(request, buyer, returnId, "delivered")).status()).toBe(200);

  // The seller inspects and accepts: the buyer is refunded, the coat is for sale again.
  await open(sp, "/dashboard?tab=sales");
  await expect(sale.getByTestId("sale-return")).toHaveAttribute("data-return-status", "delivered");
  await sale.getByTestId("return-accept_return").click();
  await expect(ask).toContainText("49.25");
  await sp.getByTestId("return-confirm-confirm").click();
  await expect(sale).toHaveAttribute("data-status", "refunded");
  const product = await (await request.get(`/api/products/${productId}`)).json();
  expect(product.status).toBe("available");

  await open(bp, "/orders");
  await expect(order).toHaveAttribute("data-status", "refunded");
  await expect(ret).toHaveAttribute("data-return-status", "refunded");
  expect(buyerPage.errors).toEqual([]);
  expect(sellerPage.errors).toEqual([]);
  await buyerPage.close();
  await sellerPage.close();
});

test("en buyer: a withdrawal from a business seller shows the deadline and the label's price first", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const email = `winkel.${stamp}@example.nl`;
  const registered = await request.post("/api/auth/register", {
    headers: { "x-forwarded-for": "198.51.100.77" },
    data: {
      name: "Winkel Tweedehands",
      email,
      password: PASSWORD,
      phone: "+31612345679",
      is_business_seller: true,
      business_name: "Winkel Tweedehands B.V.",
      vat_number: "NL123456789B01",
      kvk_number: "12345678",
      business_address: "Oudegracht 12, 3511 AB Utrecht",
      trader_self_certified: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const body = await registered.json();
  const shop: ApiAccount = { email, token: body.access_token, id: body.user.id, name: "Winkel Tweedehands", ip: "198.51.100.77" };
  const buyer = await registerAccount(request, "Koper herroeping", PASSWORD);
  const title = `Eikenhouten kast ${stamp}`;
  const productId = await listProductViaApi(request, shop, title, 120);
  const orderId = await buy(request, buyer, productId, false);
  // The handover: the seller enters the buyer's pickup code.
  const bought = (await (await request.get("/api/transactions?role=buyer", { headers: as(buyer) })).json()).find((o: { id: string }) => o.id === orderId);
  expect((await request.post(`/api/transactions/${orderId}/handover`, { headers: as(shop), data: { code: bought.pickup_code } })).status()).toBe(200);

  const buyerPage = await phone(browser, "en", buyer);
  const { page: bp } = buyerPage;
  await open(bp, "/orders");
  const order = card(bp, "order", title);
  await expect(order.getByTestId("withdraw-until")).toContainText("You may withdraw from this purchase from a business seller until");
  await order.getByTestId("return-withdraw").click();
  const ask = bp.getByTestId("return-confirm");
  await expect(ask).toContainText("7.25");
  // 120.00 + 6.00 fee − 7.25 label.
  await expect(ask).toContainText("118.75");
  await bp.getByTestId("return-confirm-confirm").click();
  const ret = order.getByTestId("order-return");
  await expect(ret).toHaveAttribute("data-return-status", "label_created");
  await expect(ret.getByTestId("return-refund")).toContainText("118.75");
  await expect(ret.getByTestId("return-label")).toBeVisible();
  expect(buyerPage.errors).toEqual([]);
  await buyerPage.close();
});

test("nl admin: a money decision on a dispute asks first, with the amount and who gets it", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const seller = await registerAccount(request, "Verkoper lamp", PASSWORD);
  const buyer = await registerAccount(request, "Koper lamp", PASSWORD);
  const title = `Bureaulamp ${stamp}`;
  const productId = await listProductViaApi(request, seller, title, 30, undefined, undefined, { fields: { delivery_options: ["shipping"], parcel_size: "parcel" } });
  const orderId = await buy(request, buyer, productId, true);
  await request.put("/api/shipping/sender-address", { headers: as(seller), data: { postcode: "3512 AE", house_number: "11", street: "Neude" } });
  const label = await request.post(`/api/transactions/${orderId}/shipment`, { headers: as(seller), data: {} });
  await scan(request, buyer, (await label.json()).shipment.id, "delivered");
  const disputed = await request.post(`/api/transactions/${orderId}/confirm-delivery`, { headers: as(buyer), data: { confirmation_type: "dispute", notes: "Doet het niet." } });
  expect(disputed.status()).toBe(200);

  const adminPage = await phone(browser, "nl", { email: "admin@kringwaar.nl", password: "Kringwaar2026!" });
  const { page } = adminPage;
  await open(page, "/admin/disputes");
  const item = page.locator(`[data-testid="dispute-item"][data-title="${title}"]`);
  await item.getByTestId("dispute-refund").click();
  const ask = page.getByTestId("dispute-confirm");
  // 30.00 + 1.50 fee + 7.25 shipping, to the buyer, who keeps what arrived.
  await expect(ask).toContainText("38,75");
  await expect(ask).toContainText("De koper krijgt");
  // Thinking better of it changes nothing.
  await page.getByTestId("dispute-confirm-dismiss").click();
  await expect(item).toHaveCount(1);
  await item.getByTestId("dispute-return-button").click();
  await expect(ask).toContainText("label dat wij betalen");
  await page.getByTestId("dispute-confirm-confirm").click();
  // The item is on its way back: the dispute waits for the return, not for an admin.
  await expect(item).toHaveCount(0);
  const sold = (await (await request.get("/api/transactions?role=buyer", { headers: as(buyer) })).json()).find((o: { id: string }) => o.id === orderId);
  expect(sold.return).toMatchObject({ reason: "not_as_described", status: "label_created" });
  expect(adminPage.errors).toEqual([]);
  await adminPage.close();
});
