// Helpers shared by the end-to-end specs.
import { randomInt } from "node:crypto";
import { expect, type APIRequestContext, type ConsoleMessage, type Locator, type Page, type Response } from "@playwright/test";

/**
 * Console errors, hydration warnings and uncaught exceptions of the page. Left out:
 * resources that cannot load without a network (map tiles, Google's script), Next's
 * prefetches of links to pages later issues build (404 on `?_rsc=`), and with
 * `allow404` every 404 (for pages that are meant to answer one).
 */
export function watchErrors(page: Page, { allow404 = false } = {}): string[] {
  const errors: string[] = [];
  const expected = (message: ConsoleMessage) => {
    if (!message.text().startsWith("Failed to load resource")) return false;
    const url = message.location().url;
    if (allow404 && message.text().includes("404")) return true;
    return !/^https?:\/\/localhost[:/]/.test(url) || /[?&]_rsc=/.test(url);
  };
  page.on("console", (message) => {
    if ((message.type() === "error" && !expected(message)) || /hydrat/i.test(message.text())) {
      errors.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    }
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * A full page load, once React runs the page and has put the streamed parts in place.
 * Since React 19.2 a streamed Suspense segment can sit in the DOM as a hidden copy for
 * about 300 ms next to the client-rendered one (facebook/react#37014); strict locators
 * would see both.
 */
export async function open(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await settle(page);
  return response;
}

/**
 * Signs in as the login dialog does (next-auth's credentials callback, which the dialog's
 * signIn() posts to) but without the dialog, then opens the home page and waits for the
 * welcome: for tests about something else. The dialog itself is driven by register-and-log-in.spec.ts,
 * new-user.spec.ts and the tests that log in from a prompt (loginInDialog below); here
 * each test saves its steps (a page, the dialog's code, the form) a login, about 1.5 s on
 * CI's two cores.
 */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: who.email, password: who.password, json: "true" },
    maxRedirects: 0,
  });
  expect(res.status(), `signing in as ${who.email}`).toBeLessThan(400);
  expect(res.headers()["location"] ?? "", `signing in as ${who.email}`).not.toContain("error=");
  await open(page, "/");
  await expect(page.getByTestId("header-welcome")).toBeVisible();
}

/** Logs in from the header's login dialog on the home page and waits for the welcome. */
export async function loginInDialog(page: Page, who: { email: string; password: string }): Promise<void> {
  await open(page, "/");
  await page.getByTestId("header-join").click();
  await page.getByTestId("login-email").fill(who.email);
  await page.getByTestId("login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("header-welcome")).toBeVisible();
}

export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('div[hidden][id^="S:"]') &&
      // React has taken the page over (hydrateRoot ran): from here on a click is never
      // lost, React replays it once it has hydrated (the scripts are async: the load
      // event can come before they ran).
      Object.keys(document).some((key) => key.startsWith("__reactContainer$")) &&
      // Typing is not replayed: text put in a field whose Suspense boundary React has not
      // hydrated yet is wiped by the field's next render (React 19.2 keeps the state's
      // value). So every field must be React's already.
      [...document.querySelectorAll("input, textarea, select")].every((field) =>
        Object.keys(field).some((key) => key.startsWith("__reactFiber$")),
      ),
  );
}

/**
 * Clicks `button` until `shown` is visible (at most a minute). For buttons on cached
 * product pages: on a saturated CI machine a click right after hydration was once lost
 * (the viewer's parts of the page were still being filled in) and the test waited out its
 * whole timeout; a person would click again, and so does this.
 */
export async function clickUntilShown(button: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await button.click();
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** Clicks, in its middle, a products-map marker that no other marker covers; returns its product id. */
export async function clickFreeMarker(page: Page): Promise<string> {
  const target = await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('[data-testid="products-map-marker"]')) {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (element.contains(document.elementFromPoint(x, y))) return { id: element.dataset.productId, x, y };
    }
    return null;
  });
  expect(target?.id).toBeTruthy();
  await page.mouse.click(target!.x, target!.y);
  return target!.id!;
}

/** A user made through the API (POST /api/auth/register), with the bearer token it got. */
export type ApiAccount = { email: string; token: string; id: string; name: string; ip: string };

let accountCounter = 0;
/**
 * Where this test process's made-up addresses start in 198.18.0.0/15 (the benchmarking
 * range). Every spec file runs in a process of its own against the same server, and the
 * counter starts at 0 in each: from one fixed start, the eleventh file to register would
 * meet the per-address sign-up limit (10 an hour).
 */
const addressBlock = randomInt(0, 500);

/**
 * Registers a fresh user. Each one comes from its own made-up address (the server trusts
 * the runner as its proxy, TRUST_PROXY_HOPS=1): registrations and checkouts are limited
 * per address. Send `ip` with that user's requests too.
 */
export async function registerAccount(request: APIRequestContext, name: string, password = "Fout-wachtwoord-proef-1"): Promise<ApiAccount> {
  accountCounter += 1;
  const block = addressBlock + Math.floor(accountCounter / 250);
  const ip = `198.${18 + Math.floor(block / 256)}.${block % 256}.${(accountCounter % 250) + 1}`;
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}.${accountCounter}@example.nl`;
  const res = await request.post("/api/auth/register", { data: { name, email, password }, headers: { "x-forwarded-for": ip } });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { email, token: body.access_token, id: body.user.id, name, ip };
}

/** The headers of an API call as `who`. */
export function as(who: ApiAccount): Record<string, string> {
  return { authorization: `Bearer ${who.token}`, "x-forwarded-for": who.ip };
}

/** A small real PNG for the upload endpoint (which re-encodes it). */
async function png(): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const raw = Buffer.alloc(32 * 24 * 3, 0x7a);
  return sharp(raw, { raw: { width: 32, height: 24, channels: 3 } }).png().toBuffer();
}

/** Lists a product through the API the way the sell page does (photo, place, product); its id. */
export async function listProductViaApi(
  request: APIRequestContext,
  seller: ApiAccount,
  title: string,
  price: number,
  address = "Neude 11, Utrecht",
  condition = "good",
  /** More photos than one, and more listing fields (e.g. min_offer). */
  more: { photos?: number; fields?: Record<string, unknown> } = {},
): Promise<string> {
  const headers = as(seller);
  const images: string[] = [];
  for (let i = 0; i < (more.photos ?? 1); i += 1) {
    const upload = await request.post("/api/upload-image", {
      headers,
      multipart: { file: { name: "foto.png", mimeType: "image/png", buffer: await png() } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    images.push((await upload.json()).url as string);
  }
  const place = await request.post("/api/geocode", { headers, data: { address } });
  const located = await place.json();
  expect(located.success).toBe(true);
  const created = await request.post("/api/products", {
    headers,
    data: {
      title,
      description: `${title}, netjes en goed werkend.`,
      price,
      category: "Fietsen",
      condition,
      images,
      location_id: located.location_id,
      ...more.fields,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as string;
}

/** Puts a product in `who`'s cart through the API. */
export async function addToCartViaApi(request: APIRequestContext, who: ApiAccount, productId: string): Promise<void> {
  const added = await request.post(`/api/cart/add?product_id=${productId}`, { headers: as(who) });
  expect(added.status(), await added.text()).toBe(200);
}
