// Faults, with real processes: two instances of the production build
// (scripts/server.ts) on one PostgreSQL server that this spec starts itself (initdb into a
// temporary folder). Both instances run the concurrency cases at once; one is killed
// (SIGKILL) in the middle of a checkout and started again; the database is stopped and
// started again under load. No browser: what is asserted is what an API client sees,
// plus the rows in the database afterwards. docs/operations.md describes the behaviour.
import { expect, request as playwrightRequest, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { as, listProductViaApi, registerAccount, type ApiAccount } from "./helpers";
import { migrate, postgresBinaries, startApp, startOwnPostgres, type AppInstance, type OwnPostgres } from "./processes";

const CRON_SECRET = "faults-cron-secret-kringwaar-0123456789";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PG_BIN = postgresBinaries();

test.describe.configure({ mode: "serial" });
test.skip(!PG_BIN, "needs PostgreSQL's server programs (initdb, pg_ctl): set PG_BIN or install postgresql");

let postgres: OwnPostgres;
let dataDir: string;
let a: AppInstance;
let b: AppInstance;
let apiA: APIRequestContext;
let apiB: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  postgres = await startOwnPostgres(PG_BIN!);
  dataDir = mkdtempSync(path.join(tmpdir(), "kringwaar-faults-data-"));
  migrate(postgres.url);
  // The one category the products here are listed in (the demo seed is not needed).
  await sql("INSERT INTO categories (id, name, name_en, slug) VALUES (gen_random_uuid(), 'Fietsen', 'Bicycles', 'fietsen')");
  const settings = {
    DATABASE_URL: postgres.url,
    DATABASE_POOL_MAX: "5",
    AUTH_SECRET: "faults-auth-secret-kringwaar-0123456789abcdef",
    CRON_SECRET,
    // The test build (.next-e2e, which the webServer built): the escrow job's `now`
    // parameter (the moved clock), as in the payments spec.
    KRINGWAAR_E2E_BUILD: "1",
    GEOCODER: "offline",
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: "true",
    TRUST_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
    // Both instances share the uploads, as they would share S3.
    DATA_DIR: dataDir,
  };
  [a, b] = await Promise.all([startApp("A", settings), startApp("B", settings)]);
  apiA = await playwrightRequest.newContext({ baseURL: a.url });
  apiB = await playwrightRequest.newContext({ baseURL: b.url });
});

/** One query on the test's database, on a connection of its own (the server restarts). */
async function sql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

test.afterAll(async () => {
  // FAULTS_OUTPUT=file keeps what both instances printed (for looking into a failure).
  if (process.env.FAULTS_OUTPUT) {
    writeFileSync(process.env.FAULTS_OUTPUT, `--- A\n${a?.output()}\n--- B\n${b?.output()}\n`);
  }
  await apiA?.dispose();
  await apiB?.dispose();
  await Promise.all([a?.stop(), b?.stop()]);
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Adds what the instances printed to a failure (their stack traces say what went wrong). */
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("app A output", { body: a?.output() ?? "" });
    await testInfo.attach("app B output", { body: b?.output() ?? "" });
  }
});

const checkout = (api: APIRequestContext, buyer: ApiAccount, productId: string) =>
  api.post("/api/payment/create-checkout", { headers: as(buyer), data: { product_id: productId } });

const pay = (api: APIRequestContext, buyer: ApiAccount, sessionId: string) =>
  api.post(`/api/payments/test-checkout/${sessionId}/pay`, { headers: { ...as(buyer), accept: "application/json" } });

const escrowJob = (api: APIRequestContext, now: number) =>
  api.post(`/api/cron/release-payouts?now=${new Date(now).toISOString()}`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });

/** Buys `productId` and pays: the held order's id. */
async function buyAndPay(api: APIRequestContext, buyer: ApiAccount, productId: string): Promise<string> {
  const started = await checkout(api, buyer, productId);
  expect(started.status(), await started.text()).toBe(200);
  const { session_id, transaction_ids } = await started.json();
  const paid = await pay(api, buyer, session_id);
  expect(paid.status(), await paid.text()).toBe(200);
  return transaction_ids[0];
}

async function productStatus(productId: string): Promise<string> {
  const { rows } = await sql("SELECT status FROM products WHERE id = $1", [productId]);
  return rows[0].status;
}

test("two instances on one database: 20 buyers, one order; concurrent escrow jobs pay each seller once", async () => {
  test.setTimeout(120_000);
  const seller = await registerAccount(apiA, "Verkoper Twee Servers");
  const buyers: ApiAccount[] = [];
  for (let i = 0; i < 20; i += 1) buyers.push(await registerAccount(i % 2 ? apiB : apiA, `Koper ${i}`));

  // The same product, 20 buyers at once, half through each instance.
  const productId = await listProductViaApi(apiA, seller, `Vintage platenspeler ${Date.now()}`, 25);
  const answers = await Promise.all(buyers.map((buyer, i) => checkout(i % 2 ? apiB : apiA, buyer, productId)));
  const statuses = answers.map((res) => res.status());
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  for (const refused of answers.filter((res) => res.status() === 409)) {
    expect(await refused.json()).toMatchObject({ detail: "Product is reserved by another buyer", code: "reserved" });
  }
  const { rows: orders } = await sql("SELECT status FROM orders WHERE product_id = $1", [productId]);
  expect(orders).toEqual([{ status: "pending" }]);
  expect(await productStatus(productId)).toBe("reserved");

  // Four sales handed over, then the escrow job 3 days later runs three times on each
  // instance at once: every seller is paid once, and the runs together report four.
  const sold: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const product = await listProductViaApi(i % 2 ? apiB : apiA, seller, `Lamp ${i} ${Date.now()}`, 10 + i);
    const buyer = buyers[i]!;
    const orderId = await buyAndPay(i % 2 ? apiB : apiA, buyer, product);
    const mine: { id: string; pickup_code: string }[] = await (await apiA.get("/api/transactions", { headers: as(buyer) })).json();
    const order = mine.find((candidate) => candidate.id === orderId)!;
    const handedOver = await apiB.post(`/api/transactions/${orderId}/handover`, { headers: as(seller), data: { code: order.pickup_code } });
    expect(handedOver.status(), await handedOver.text()).toBe(200);
    sold.push(orderId);
  }
  const later = Date.now() + 3 * DAY + MINUTE;
  const runs = await Promise.all([apiA, apiB, apiA, apiB, apiA, apiB].map((api) => escrowJob(api, later)));
  for (const run of runs) expect(run.status(), await run.text()).toBe(200);
  const reports = await Promise.all(runs.map((run) => run.json()));
  expect(reports.reduce((sum, report) => sum + report.payouts, 0)).toBe(4);
  const { rows: payouts } = await sql(
    "SELECT o.id, o.status, count(l.id)::int AS payouts FROM orders o LEFT JOIN ledger_entries l ON l.order_id = o.id AND l.kind = 'seller_payout' WHERE o.id = ANY($1::uuid[]) GROUP BY o.id, o.status",
    [sold],
  );
  expect(payouts).toHaveLength(4);
  for (const row of payouts) expect(row).toMatchObject({ status: "completed", payouts: 1 });
});

test("an instance killed in the middle of a checkout and started again leaves nothing stuck", async () => {
  test.setTimeout(120_000);
  const seller = await registerAccount(apiA, "Verkoper Stroomstoring");
  const first = await registerAccount(apiA, "Eerste Koper");
  const second = await registerAccount(apiB, "Tweede Koper");
  const productId = await listProductViaApi(apiA, seller, `Eiken eettafel ${Date.now()}`, 80);

  // The first buyer reserves the product through A; A dies before the payment, while
  // more checkouts for the product are in flight on it.
  const reserved = await checkout(apiA, first, productId);
  expect(reserved.status()).toBe(200);
  const { session_id } = await reserved.json();
  const inFlight = Array.from({ length: 5 }, () => checkout(apiA, second, productId).catch((error: Error) => error));
  await a.kill();
  for (const result of await Promise.all(inFlight)) {
    // Cut off (the process died) or refused before it died; never a second reservation.
    if (!(result instanceof Error)) expect(result.status()).toBe(409);
  }
  await a.restart();
  // A fresh client: the old one's kept-alive connections died with the process.
  await apiA.dispose();
  apiA = await playwrightRequest.newContext({ baseURL: a.url });

  // Nothing was lost or doubled: one pending order, the product reserved for now.
  const { rows: pending } = await sql("SELECT status FROM orders WHERE product_id = $1", [productId]);
  expect(pending).toEqual([{ status: "pending" }]);
  expect(await productStatus(productId)).toBe("reserved");
  expect((await checkout(apiA, second, productId)).status()).toBe(409);

  // The buyer never comes back. Past the checkout's 30 minutes and the 5 minutes of
  // grace, the escrow job (on either instance) releases the reservation.
  const job = await escrowJob(apiA, Date.now() + 36 * MINUTE);
  expect(job.status(), await job.text()).toBe(200);
  expect((await job.json()).expired_checkouts).toBeGreaterThanOrEqual(1);
  expect(await productStatus(productId)).toBe("available");
  const product = await apiB.get(`/api/products/${productId}`);
  expect((await product.json()).status).toBe("available");

  // The late payment of the abandoned checkout is refused; the next buyer buys it.
  expect((await pay(apiA, first, session_id)).status()).not.toBe(200);
  const orderId = await buyAndPay(apiA, second, productId);
  const { rows } = await sql("SELECT id, status FROM orders WHERE product_id = $1 ORDER BY created_at", [productId]);
  expect(rows.map((row) => row.status)).toEqual(["cancelled", "held"]);
  expect(rows[1].id).toBe(orderId);
  expect(await productStatus(productId)).toBe("sold");
});

test("PostgreSQL restarted under load: 503 {detail} meanwhile, /api/health says so, the same processes recover, no order lost", async () => {
  test.setTimeout(120_000);
  const seller = await registerAccount(apiA, "Verkoper Herstart");
  const buyer = await registerAccount(apiB, "Koper Herstart");
  const products: string[] = [];
  for (let i = 0; i < 12; i += 1) products.push(await listProductViaApi(i % 2 ? apiB : apiA, seller, `Boek ${i} ${Date.now()}`, 5 + i));
  const before = [await buyAndPay(apiA, buyer, products[0]!), await buyAndPay(apiB, buyer, products[1]!)];

  // The load: both instances, authenticated reads and checkouts (each a write), each
  // request cut off after 5 s; every answer is recorded.
  type Answer = { at: number; status: number; contentType: string; body: string; phase: string };
  const answers: Answer[] = [];
  const paidOrders: string[] = [];
  let phase = "before";
  let running = true;
  let nextProduct = 2;
  const send = async (api: APIRequestContext, kind: number) => {
    const started = Date.now();
    const startedIn = phase;
    try {
      answers.push({ at: started, phase: startedIn, ...(await request(api, kind)) });
    } catch (error) {
      // Cut off after 5 s, or the connection failed: recorded, and fails the test below.
      answers.push({ at: started, phase: startedIn, status: 0, contentType: "", body: String(error) });
    }
  };
  const request = async (api: APIRequestContext, kind: number) => {
    let res: APIResponse;
    if (kind === 0 && nextProduct < products.length) {
      // A purchase: checkout, then pay. Paid (200) is a promise to the buyer.
      const productId = products[nextProduct]!;
      res = await api.post("/api/payment/create-checkout", { headers: as(buyer), data: { product_id: productId }, timeout: 5_000 });
      if (res.status() === 200) {
        const { session_id, transaction_ids } = await res.json();
        res = await api.post(`/api/payments/test-checkout/${session_id}/pay`, { headers: { ...as(buyer), accept: "application/json" }, timeout: 5_000 });
        if (res.status() === 200) {
          paidOrders.push(transaction_ids[0]);
          nextProduct += 1;
        }
      }
    } else {
      res = await api.get(kind === 1 ? "/api/transactions" : "/api/users/me", { headers: as(buyer), timeout: 5_000 });
    }
    return { status: res.status(), contentType: res.headers()["content-type"] ?? "", body: await res.text() };
  };
  // One worker buys (every third request) and reads; the others read.
  const worker = async (api: APIRequestContext, buys: boolean) => {
    for (let i = 0; running; i += 1) {
      await send(api, buys ? i % 3 : 1 + (i % 2));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const load = Promise.all([worker(apiA, true), worker(apiB, false), worker(apiA, false), worker(apiB, false)]);
  const waitFor = async (label: string, what: () => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (!what()) {
      if (Date.now() > until) {
        const seen = answers.slice(-8).map((x) => `${x.phase} ${x.status} ${x.body.slice(0, 120)}`);
        throw new Error(`waited ${ms} ms for ${label}; the last answers:\n${seen.join("\n")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  try {
    await waitFor("10 answers", () => answers.length >= 10, 20_000);

    // pg_ctl waits until the server has stopped: from then on the database is down.
    phase = "stopping";
    await postgres.stop();
    phase = "outage";
    const stoppedAt = Date.now();
    // The instances notice at once: their requests get 503 {detail}.
    await waitFor("8 answers 503 once the database stopped", () => answers.filter((x) => x.at >= stoppedAt && x.status === 503).length >= 8, 15_000);
    for (const api of [apiA, apiB]) {
      const started = Date.now();
      const health = await api.get("/api/health", { timeout: 5_000 });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(health.status()).toBe(503);
      const body = await health.json();
      expect(body).toMatchObject({ detail: "Database unavailable", status: "degraded", database: { ok: false } });
    }

    phase = "recovering";
    await postgres.start();
    const restartedAt = Date.now();
    // The same processes serve again within seconds, without a restart.
    for (const api of [apiA, apiB]) {
      await expect
        .poll(async () => (await api.get("/api/health", { timeout: 3_000 })).status(), { timeout: 10_000, intervals: [200] })
        .toBe(200);
    }
    phase = "after";
    const afterAt = Date.now();
    await waitFor("10 answers 200 after the restart", () => answers.filter((x) => x.at >= afterAt && x.status === 200).length >= 10, 15_000);
    expect(Date.now() - restartedAt).toBeLessThan(20_000);
    // The load goes on until it has paid for two purchases (checked below): on a slow,
    // busy machine the phases above can pass before the buying worker got that far.
    await waitFor("2 purchases paid", () => paidOrders.length >= 2, 20_000);
  } finally {
    running = false;
    await load;
  }

  // Every answer was a success, a refusal or a 503, always JSON with a {detail} when not
  // a success: no 500, no HTML, and none cut off (each request had 5 s).
  for (const answer of answers) {
    const label = `${answer.phase}: ${answer.status} ${answer.body.slice(0, 300)}`;
    expect([200, 409, 503], label).toContain(answer.status);
    if (answer.status !== 200) {
      expect(answer.contentType, label).toContain("application/json");
      expect(typeof JSON.parse(answer.body).detail, label).toBe("string");
    }
    if (answer.status === 503) expect(JSON.parse(answer.body).detail).toBe("Service temporarily unavailable");
  }
  // Every request sent while the database was down was answered, with 503.
  const duringOutage = answers.filter((x) => x.phase === "outage");
  expect(duringOutage.length).toBeGreaterThanOrEqual(8);
  expect(duringOutage.filter((x) => x.status !== 503)).toEqual([]);
  expect(answers.filter((x) => x.phase === "after" && x.status === 200).length).toBeGreaterThanOrEqual(10);

  // No order lost: the paid ones from before, and every payment the app confirmed,
  // before, during or after the outage, is there as a paid (held) order.
  const list = await apiA.get("/api/transactions?limit=100", { headers: as(buyer) });
  expect(list.status()).toBe(200);
  const listed = new Map<string, { status: string }>((await list.json()).map((order: { id: string; status: string }) => [order.id, order]));
  for (const id of before) expect(listed.get(id)?.status).toBe("held");
  for (const id of paidOrders) expect(listed.get(id)?.status).toBe("held");
  expect(paidOrders.length).toBeGreaterThanOrEqual(2);
  // And the database is consistent: each product held by at most one order, reserved
  // for a pending one, sold for a paid one, else for sale.
  const { rows } = await sql(
    `SELECT p.status, array_agg(o.status::text) FILTER (WHERE o.status IN ('pending', 'held', 'completed')) AS active
       FROM products p LEFT JOIN orders o ON o.product_id = p.id WHERE p.id = ANY($1::uuid[]) GROUP BY p.id, p.status`,
    [products],
  );
  for (const row of rows) {
    const active: string[] = row.active ?? [];
    expect(active.length).toBeLessThanOrEqual(1);
    expect(row.status).toBe(active[0] === "pending" ? "reserved" : active[0] ? "sold" : "available");
  }
});
