// Web Push in Chromium (docs/notifications.md), from the opt-in to the click: the seller
// turns push on in the Settings tab, the buyer writes, the server pushes, the service
// worker shows the notification on the desktop, and the seller's click on it brings the
// open tab to the conversation. A push whose url is not ours opens the notifications page.
//
// What is real and what is played:
// - Subscribing: Chromium reaches no push service here (its subscribe() registers with
//   Google's), so an init script stands in for PushManager.subscribe/getSubscription: it
//   records the key the app passes and answers with a subscription whose endpoint is a
//   push-service double on loopback (PUSH_EXTRA_HOST, scripts/e2e-server-env.ts) and whose
//   keys the test holds. The rest is the app's: the Settings button, the permission, the
//   worker's registration, POST /api/push/subscriptions.
// - Sending is the server's own: the new message's notification reaches the double as
//   an RFC 8291 message signed with VAPID, which the test decrypts with the device's key.
// - Delivery into the browser is the DevTools protocol's ServiceWorker.deliverPushMessage
//   with that decrypted payload, as Chromium's push client hands a push to the worker.
// - Showing and clicking are real: Chromium (the full browser, headless: the headless
//   shell has no notifications) hands the worker's notification to the desktop's
//   notification server on D-Bus, here a double of our own (notification-daemon.py), and
//   a click is that server's ActionInvoked signal, as GNOME or KDE send it; Chromium then
//   dispatches a trusted notificationclick, so the worker may focus and navigate the tab
//   (a NotificationEvent dispatched by a script is untrusted: there waitUntil throws and
//   Chromium refuses focus(), so the worker's real path would not run).
//   The browser runs on a profile of its own (a persistent context): in a context made
//   through the DevTools protocol (off the record) the desktop's click reached no worker.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { pushDoublePort } from "../../scripts/e2e-server-env";
import { browserKeys, decryptPush, type BrowserKeys } from "../support/web-push";
import { as, listProductViaApi, open, registerAccount, signIn } from "./helpers";
import { startNotificationDaemon, type DaemonEvent, type NotificationDaemon } from "./notification-daemon";

/** The full browser: the headless shell (the other specs' default) shows no notifications. */
const CHROMIUM = "/usr/bin/chromium";

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** The push service on loopback: keeps what the server sends, answers 201. */
async function startPushDouble(port: number): Promise<{ server: Server; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { server, received };
}

/**
 * Runs in every page before the app: PushManager.subscribe answers with `endpoint` and
 * `keys` and records the options the app asked with (in localStorage, so getSubscription
 * finds the subscription after a reload, as the browser's would).
 */
function playPushSubscription({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const stored = "e2e-push-subscription";
  const subscription = () => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: async () => {
      localStorage.removeItem(stored);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : null;
    const base64url = bytes ? btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "") : String(key);
    localStorage.setItem(stored, JSON.stringify({ userVisibleOnly: options?.userVisibleOnly === true, applicationServerKey: base64url }));
    return subscription() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem(stored) ? (subscription() as unknown as PushSubscription) : null;
  };
}

/** The browser on a fresh profile, its notifications going to `daemon`'s bus. */
async function launchBrowser(daemon: NotificationDaemon, baseURL: string, profile: string, args: string[]): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args,
    env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: daemon.address },
    baseURL,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    reducedMotion: "reduce",
    serviceWorkers: "allow",
    viewport: { width: 1280, height: 720 },
  });
  await context.grantPermissions(["notifications"], { origin: new URL(baseURL).origin });
  return context;
}

type Shown = { title: string; body: string; url: string | undefined };

/** The notifications the worker has on screen, as the page reads them. */
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }));
  });
}

/** The desktop's notification that came after the first `after` events, once it is there. */
async function notifiedAfter(daemon: NotificationDaemon, after: number): Promise<Extract<DaemonEvent, { event: "notify" }>> {
  await expect.poll(() => daemon.events.slice(after).some((e) => e.event === "notify")).toBe(true);
  return daemon.events.slice(after).find((e) => e.event === "notify") as Extract<DaemonEvent, { event: "notify" }>;
}

/** The payload of the last push the server sent to the double, decrypted with the device's keys. */
function lastPush(received: Received[], keys: BrowserKeys): string {
  return decryptPush(received.at(-1)!.body, keys);
}

test("a new message is pushed to the device that opted in, shown on the desktop, and a click on it opens the conversation in the open tab; a push for elsewhere opens the notifications page", async ({ request, baseURL }, testInfo) => {
  const origin = new URL(baseURL!).origin;
  const doublePort = pushDoublePort(Number(new URL(baseURL!).port));
  const double = await startPushDouble(doublePort);
  const daemon = await startNotificationDaemon();
  const profile = mkdtempSync(path.join(tmpdir(), "kringwaar-push-profile-"));
  const keys = browserKeys();
  const endpoint = `http://127.0.0.1:${doublePort}/push/seller-laptop-${Date.now()}`;
  let context: BrowserContext | undefined;
  try {
    context = await launchBrowser(daemon, baseURL!, profile, testInfo.project.use.launchOptions?.args ?? []);
    await context.addInitScript(playPushSubscription, { endpoint, keys: keys.json });
    const page = context.pages()[0] ?? (await context.newPage());

    const password = "Push-wachtwoord-proef-1";
    const seller = await registerAccount(request, "Push Verkoper", password);
    const buyer = await registerAccount(request, "Push Koper");
    const productId = await listProductViaApi(request, seller, `Pushfiets ${Date.now()}`, 80);
    await signIn(page, { email: seller.email, password });

    // The opt-in: the Settings tab's button asks for permission, registers the worker,
    // subscribes with the server's VAPID key and stores the subscription.
    const publicKey = ((await (await request.get("/api/push/public-key")).json()) as { public_key: string }).public_key;
    await open(page, "/dashboard?tab=settings");
    await expect(page.getByTestId("settings-push-status")).toHaveText("Pushmeldingen staan uit op dit apparaat.");
    const stored = page.waitForResponse((r) => r.url().endsWith("/api/push/subscriptions") && r.request().method() === "POST");
    await page.getByTestId("settings-push-device").click();
    expect((await stored).status()).toBe(201);
    await expect(page.getByTestId("settings-push-status")).toHaveText("Pushmeldingen staan aan op dit apparaat.");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("e2e-push-subscription") ?? "null"))).toEqual({ userVisibleOnly: true, applicationServerKey: publicKey });
    // The worker controls the tab (it claims its clients), so a click can navigate it.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The buyer writes; the server pushes to the device's endpoint, readable with its keys only.
    const started = await request.post("/api/conversations", { headers: as(buyer), data: { product_id: productId, recipient_id: seller.id, initial_message: "Nog te koop?" } });
    expect(started.status(), await started.text()).toBe(201);
    const conversationId = (await started.json()).id as string;
    await expect.poll(() => double.received.length, { timeout: 15_000 }).toBe(1);
    expect(double.received[0]!.path).toBe(new URL(endpoint).pathname);
    expect(double.received[0]!.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(double.received[0]!.headers.authorization)).toContain(`k=${publicKey}`);
    const pushed = lastPush(double.received, keys);
    expect(JSON.parse(pushed)).toMatchObject({ title: "Nieuw bericht", url: `${origin}/messages?c=${conversationId}`, category: "messages" });
    expect(JSON.parse(pushed).body).toContain("Nog te koop?");

    // Chromium's push client hands the push to the worker, which shows it on the desktop.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const found = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const deliver = async (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data });
    await deliver(pushed);
    const shown = await notifiedAfter(daemon, 0);
    expect(shown.summary).toBe("Nieuw bericht");
    expect(shown.body).toContain("Nog te koop?");
    expect(shown.actions).toContain("default");
    expect(await shownNotifications(page)).toEqual([{ title: "Nieuw bericht", body: JSON.parse(pushed).body, url: `${origin}/messages?c=${conversationId}` }]);

    // The seller clicks it on the desktop: the open tab comes to the conversation.
    daemon.click(shown.id);
    await expect(page).toHaveURL(`${origin}/messages?c=${conversationId}`);
    await expect(page.getByTestId("message-content").last()).toHaveText("Nog te koop?");
    await expect.poll(() => daemon.events.some((e) => e.event === "close" && e.id === shown.id)).toBe(true);
    await expect.poll(() => shownNotifications(page)).toEqual([]);

    // A push whose url points elsewhere opens our notifications page instead.
    const before = daemon.events.length;
    await deliver(JSON.stringify({ ...JSON.parse(pushed), id: "push-elsewhere", url: "https://evil.example/x" }));
    const foreign = await notifiedAfter(daemon, before);
    expect((await shownNotifications(page)).map((n) => n.url)).toEqual([`${origin}/notifications`]);
    daemon.click(foreign.id);
    await expect(page).toHaveURL(`${origin}/notifications`);
  } finally {
    await context?.close();
    await daemon.stop();
    await new Promise((resolve) => double.server.close(resolve));
    rmSync(profile, { recursive: true, force: true });
  }
});
