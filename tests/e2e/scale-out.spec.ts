// Two instances of the test build on one PostgreSQL (started here, as in faults.spec.ts)
// and one Redis (REDIS_URL: Next's cache of the public pages' data, cache-handler.mjs):
// a sale, an edit, a ban and an account deletion made through instance A show on instance
// B's pages within 2 s, although B had those pages' data cached (docs/operations.md,
// "Several instances"). Skipped, saying why, where no Redis answers or PostgreSQL's
// server programs are missing.
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { as, listProductViaApi, registerAccount, type ApiAccount } from "./helpers";
import { migrate, postgresBinaries, startApp, startOwnPostgres, type AppInstance, type OwnPostgres } from "./processes";

const REDIS_URL = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379";
const PG_BIN = postgresBinaries();
const VISIBLE_WITHIN_MS = 2_000;
/** This run's keys only: the machine's Redis may serve others. */
const REDIS_KEY_PREFIX = `kringwaar-e2e-${Date.now()}:`;

/** Whether a Redis answers PING at `url` within a second. */
async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

const redis = await redisAnswers(REDIS_URL);

test.describe.configure({ mode: "serial" });
test.skip(!PG_BIN, "needs PostgreSQL's server programs (initdb, pg_ctl): set PG_BIN or install postgresql");
test.skip(!redis, `needs a Redis answering at ${REDIS_URL} (E2E_REDIS_URL names another)`);

let postgres: OwnPostgres;
let dataDir: string;
let a: AppInstance;
let b: AppInstance;
let apiA: APIRequestContext;
let apiB: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startOwnPostgres(PG_BIN!);
  dataDir = mkdtempSync(path.join(tmpdir(), "kringwaar-scale-data-"));
  migrate(postgres.url);
  await sql("INSERT INTO categories (id, name, name_en, slug) VALUES (gen_random_uuid(), 'Fietsen', 'Bicycles', 'fietsen')");
  const settings = {
    DATABASE_URL: postgres.url,
    DATABASE_POOL_MAX: "5",
    AUTH_SECRET: "scale-auth-secret-kringwaar-0123456789abcdef",
    CRON_SECRET: "scale-cron-secret-kringwaar-0123456789",
    KRINGWAAR_E2E_BUILD: "1",
    GEOCODER: "offline",
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: "true",
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    DATA_DIR: dataDir,
    REDIS_URL,
    REDIS_KEY_PREFIX,
  };
  [a, b] = await Promise.all([startApp("A", settings), startApp("B", settings)]);
  apiA = await playwrightRequest.newContext({ baseURL: a.url });
  apiB = await playwrightRequest.newContext({ baseURL: b.url });
});

test.afterAll(async () => {
  await apiA?.dispose();
  await apiB?.dispose();
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (redis) {
    const client = await createClient({ url: REDIS_URL }).connect();
    for await (const keys of client.scanIterator({ MATCH: `${REDIS_KEY_PREFIX}*`, COUNT: 500 })) if (keys.length) await client.del(keys);
    await client.quit();
  }
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("app A output", { body: a?.output() ?? "" });
    await testInfo.attach("app B output", { body: b?.output() ?? "" });
  }
});

async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** B's page at `url`: status and HTML. */
async function pageOnB(url: string): Promise<{ status: number; html: string }> {
  const res = await apiB.get(url);
  return { status: res.status(), html: await res.text() };
}

/**
 * Waits until B's page at `url` satisfies `seen`, from the moment the change was answered;
 * how long that took. Fails past VISIBLE_WITHIN_MS.
 */
async function visibleOnB(url: string, seen: (page: { status: number; html: string }) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (seen(await pageOnB(url))) return Date.now() - start;
    if (Date.now() - start > VISIBLE_WITHIN_MS) throw new Error(`${url} on B did not show the change within ${VISIBLE_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Loads B's pages twice, so their data is in the shared cache before the change. */
async function warm(...urls: string[]): Promise<void> {
  for (const url of urls) for (let i = 0; i < 2; i++) expect((await pageOnB(url)).status, url).toBe(200);
}

const card = (id: string) => `data-product-id="${id}"`;

test("an edit through A shows on B's product, seller and browse pages within 2 s", async () => {
  const seller = await registerAccount(apiA, "Verkoper Schaal");
  const title = `Schaalfiets ${Date.now()}`;
  const productId = await listProductViaApi(apiA, seller, title, 120);
  await warm(`/product/${productId}`, `/seller/${seller.id}`, "/browse", "/");
  expect((await pageOnB(`/product/${productId}`)).html).toContain(title);

  const current = await (await apiA.get(`/api/products/${productId}`)).json();
  const edited = await apiA.put(`/api/products/${productId}`, {
    headers: as(seller),
    data: {
      title: `${title} met nieuw zadel`,
      description: current.description,
      price: 99,
      category: "Fietsen",
      condition: current.condition,
      images: current.images,
      location_id: current.location_id,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await visibleOnB(`/product/${productId}`, ({ html }) => html.includes(`${title} met nieuw zadel`));
  await visibleOnB(`/seller/${seller.id}`, ({ html }) => html.includes(`${title} met nieuw zadel`));
  await visibleOnB("/browse", ({ html }) => html.includes(`${title} met nieuw zadel`));
});

test("a sale through A shows as sold on B's product page within 2 s", async () => {
  const seller = await registerAccount(apiA, "Verkoper Verkocht");
  const buyer = await registerAccount(apiA, "Koper Verkocht");
  const productId = await listProductViaApi(apiA, seller, `Schaallamp ${Date.now()}`, 25);
  await warm(`/product/${productId}`, `/seller/${seller.id}`);
  expect((await pageOnB(`/product/${productId}`)).html).toContain('content="in stock"');

  const started = await apiA.post("/api/payment/create-checkout", { headers: as(buyer), data: { product_id: productId } });
  expect(started.status(), await started.text()).toBe(200);
  const { session_id } = await started.json();
  const paid = await apiA.post(`/api/payments/test-checkout/${session_id}/pay`, { headers: { ...as(buyer), accept: "application/json" } });
  expect(paid.status(), await paid.text()).toBe(200);
  await visibleOnB(`/product/${productId}`, ({ html }) => html.includes('content="out of stock"'));
});

test("a ban through A takes the seller's listing off B's pages within 2 s", async () => {
  const seller = await registerAccount(apiA, "Verkoper Verbannen");
  const admin = await registerAccount(apiA, "Beheerder Schaal");
  await sql("UPDATE users SET is_admin = true WHERE id = $1", [admin.id]);
  const productId = await listProductViaApi(apiA, seller, `Schaalkast ${Date.now()}`, 40);
  await warm(`/seller/${seller.id}`, "/browse");
  expect((await pageOnB("/browse")).html).toContain(card(productId));
  expect((await pageOnB(`/seller/${seller.id}`)).html).toContain(card(productId));

  const banned = await apiA.put(`/api/admin/users/${seller.id}/ban`, {
    headers: as(admin),
    data: { category: "scam", facts: "Vroeg om vooruitbetaling buiten het platform.", rule: "Gebruiksvoorwaarden art. 5.2" },
  });
  expect(banned.status(), await banned.text()).toBe(200);
  await visibleOnB(`/seller/${seller.id}`, ({ html }) => !html.includes(card(productId)));
  await visibleOnB("/browse", ({ html }) => !html.includes(card(productId)));
});

test("an account deleted through A is gone from B's pages within 2 s", async () => {
  const password = "Verwijder-wachtwoord-1";
  const seller: ApiAccount = await registerAccount(apiA, "Verkoper Vertrekt", password);
  const productId = await listProductViaApi(apiA, seller, `Schaalstoel ${Date.now()}`, 15);
  await warm(`/product/${productId}`, `/seller/${seller.id}`);

  const deleted = await apiA.delete("/api/users/me", { headers: as(seller), data: { password } });
  expect(deleted.status(), await deleted.text()).toBe(204);
  await visibleOnB(`/seller/${seller.id}`, ({ status }) => status === 404);
  await visibleOnB(`/product/${productId}`, ({ status }) => status === 404);
});
