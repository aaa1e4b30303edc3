// Web Push in Chromium (docs/notifications.md): the service worker shows a push with its
// title and text and keeps the conversation's page as its click target. Headless
// Chromium reaches no real push service, so the push is delivered through the DevTools
// protocol (ServiceWorker.deliverPushMessage), as the push service would; the headless
// shell has no notification centre either, so the test records what the worker asks
// to show.
import { expect, test } from "@playwright/test";
import { as, listProductViaApi, open, registerAccount, signIn } from "./helpers";

test.use({ serviceWorkers: "allow" });

test("a push about a new message is shown with the conversation as its click target, and a foreign url falls back to the notifications page", async ({ page, context, request, baseURL }) => {
  const password = "Push-wachtwoord-proef-1";
  const seller = await registerAccount(request, "Push Verkoper", password);
  const buyer = await registerAccount(request, "Push Koper");
  const productId = await listProductViaApi(request, seller, `Pushfiets ${Date.now()}`, 80);
  const started = await request.post("/api/conversations", { headers: as(buyer), data: { product_id: productId, recipient_id: seller.id, initial_message: "Nog te koop?" } });
  expect(started.status(), await started.text()).toBe(201);
  const conversationId = (await started.json()).id as string;
  const origin = new URL(baseURL!).origin;

  await context.grantPermissions(["notifications"], { origin });
  await signIn(page, { email: seller.email, password });
  await open(page, "/");
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await page.evaluate(async () => {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  await worker.evaluate(() => {
    const shownList: { title: string; body?: string; url?: string }[] = [];
    Object.assign(self, { shownList });
    const registration = (self as unknown as { registration: ServiceWorkerRegistration }).registration;
    registration.showNotification = async (title, options) => {
      shownList.push({ title, body: options?.body, url: (options?.data as { url?: string } | undefined)?.url });
    };
  });

  const payload = { id: "push-1", title: "Nieuw bericht", body: "Push Koper: Nog te koop?", url: `${origin}/messages?c=${conversationId}`, category: "messages" };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify(payload) });
  const shown = () => worker.evaluate(() => (self as unknown as { shownList: { title: string; body?: string; url?: string }[] }).shownList);
  await expect.poll(shown).toEqual([{ title: "Nieuw bericht", body: "Push Koper: Nog te koop?", url: `${origin}/messages?c=${conversationId}` }]);

  // A push whose url points elsewhere opens our notifications page instead.
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: JSON.stringify({ ...payload, id: "push-2", url: "https://evil.example/x" }) });
  await expect.poll(async () => (await shown()).map((n) => n.url)).toContain(`${origin}/notifications`);
});
