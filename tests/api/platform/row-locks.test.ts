// A row lock held elsewhere (a console session's `SELECT ... FOR UPDATE`, a stuck
// transaction), a statement that runs too long and a connection the server ends under a
// transaction: the requests they touch answer at once with 409 or 503 + Retry-After and
// leave nothing half-done, and the rest of the instance (health, other users) stays fast
// instead of waiting for a free pool connection. Real PostgreSQL only: PGlite is one
// session, where nothing waits for a lock.
//
// The pool here is 4 connections (tests/support/setup.ts); the statement timeout is set
// low for this file so a slow statement can be shown without waiting 15 s.
process.env.DATABASE_STATEMENT_TIMEOUT_MS = "2500";

import pg from "pg";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { POST as createCheckout } from "@/app/api/payment/create-checkout/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { GET as me } from "@/app/api/users/me/route";
import { route } from "@/lib/domains/route";
import { poolConfigFromUrl } from "@/lib/platform/db/connection";
import { db } from "@/lib/platform/db/client";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { checkout, productOf } from "../../support/orders";

const onPostgres = inject("databaseKind") === "postgresql";
/** How long the lock is held: longer than any answer may take, short enough for a test. */
const HOLD_MS = 8_000;

let seller: RegisteredUser;
let buyers: RegisteredUser[];
/** The other session: psql in the report that found this. */
let holder: pg.Client | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  seller = await registerUser({ name: "Slotverkoper" });
  buyers = [];
  for (let i = 0; i < 15; i++) buyers.push(await registerUser({ name: `Slotkoper ${i}` }));
}, 60_000);

afterEach(async () => {
  await holder?.query("ROLLBACK").catch(() => undefined);
  await holder?.end().catch(() => undefined);
  holder = undefined;
});

/** Opens a transaction in a session of its own that locks the product's row. */
async function lockRow(productId: string): Promise<pg.Client> {
  const client = new pg.Client(poolConfigFromUrl(process.env.DATABASE_URL!));
  client.on("error", () => undefined);
  await client.connect();
  await client.query("BEGIN");
  await client.query("SELECT id FROM products WHERE id = $1 FOR UPDATE", [productId]);
  // Let go in the end even if the code under test waits for it (as the code before the
  // fix did), so the test fails on its timings rather than hanging.
  setTimeout(() => void client.query("ROLLBACK").catch(() => undefined), HOLD_MS).unref();
  return client;
}

async function timed(request: Promise<CallResult>): Promise<CallResult & { ms: number }> {
  const started = performance.now();
  const res = await request;
  return { ...res, ms: Math.round(performance.now() - started) };
}

/**
 * The bound on an answer while a row is locked: the lock timeout (2 s) and the request,
 * not the lock's holder. CI runs these tests at a low priority beside the end-to-end
 * tests, where one answer once took 3.1 s; the bound there is 5 s, still well below the
 * 8 s the lock is held (HOLD_MS).
 */
const ANSWER_BOUND_MS = process.env.CI ? 5_000 : 3_000;

/** 409 "reserved" (someone is buying it) or 503 with Retry-After: never a wait, never a 500. */
function expectRefusedAtOnce(res: CallResult & { ms: number }) {
  expect(res.ms).toBeLessThan(ANSWER_BOUND_MS);
  if (res.status === 409) {
    expect(res.body).toMatchObject({ detail: "Product is reserved by another buyer", code: "reserved" });
  } else {
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(res.body.detail).toEqual(expect.any(String));
  }
}

describe.runIf(onPostgres)("a row lock held elsewhere", () => {
  it("checkouts of the locked product answer within 3 s, health and other users stay fast, nothing is reserved", async () => {
    const productId = await productOf(seller, 4500, "Vergrendelde stoel");
    holder = await lockRow(productId);

    // 15 buyers, as in the report that found this; the pool has 4 connections.
    // Each from an address of its own, as real buyers are.
    const checkouts = buyers.map((buyer, i) =>
      timed(call(createCheckout, { token: buyer.token, json: { product_id: productId }, ip: `203.0.113.${i + 1}` })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [healthAnswer, meAnswer] = await Promise.all([
      timed(call(health)),
      timed(call(me, { token: buyers[0]!.token, ip: "198.51.100.71" })),
    ]);
    const answers = await Promise.all(checkouts);

    // The figures in docs/operations.md: ROW_LOCK_TIMINGS=1 prints them.
    if (process.env.ROW_LOCK_TIMINGS) {
      const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
      console.log(
        `checkouts of the locked product: ${answers.length}, statuses ${[...new Set(answers.map((a) => a.status))].join("/")}, ` +
          `answered in ${ms[0]}-${ms.at(-1)} ms (median ${ms[Math.floor(ms.length / 2)]}); ` +
          `health ${healthAnswer.status} in ${healthAnswer.ms} ms; /api/users/me ${meAnswer.status} in ${meAnswer.ms} ms`,
      );
    }
    for (const answer of answers) expectRefusedAtOnce(answer);
    // Well within the health check's own 2 s limit (it would answer 503 after that).
    expect(healthAnswer.status).toBe(200);
    expect(healthAnswer.ms).toBeLessThan(1_500);
    expect(meAnswer.status).toBe(200);
    expect(meAnswer.ms).toBeLessThan(1_500);

    // Nothing half-done: no order, no checkout, the product still for sale.
    expect(await db.order.count({ where: { productId } })).toBe(0);
    expect(await db.checkoutSession.count({ where: { buyerId: { in: buyers.map((b) => b.id) } } })).toBe(0);
    expect(await db.product.findUniqueOrThrow({ where: { id: productId } })).toMatchObject({ status: "available", reservedUntil: null });

    // Once the lock is gone, the product can be bought as ever.
    await holder.query("ROLLBACK");
    const bought = await checkout(buyers[1]!, productId);
    expect(bought.status).toBe(200);
    expect(await db.order.count({ where: { productId, status: "pending" } })).toBe(1);
  }, 30_000);

  it("the seller deleting the locked product gets 503 with Retry-After within the lock timeout, and the product stays", async () => {
    const productId = await productOf(seller, 1200, "Vergrendelde lamp");
    holder = await lockRow(productId);
    const res = await timed(
      call(deleteProduct, { token: seller.token, method: "DELETE", params: { id: productId }, ip: "198.51.100.72" }),
    );
    if (process.env.ROW_LOCK_TIMINGS) console.log(`seller's delete of the locked product: ${res.status} in ${res.ms} ms`);
    expect(res.ms).toBeLessThan(ANSWER_BOUND_MS);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(res.body).toMatchObject({ code: "busy" });
    await holder.query("ROLLBACK");
    expect(await db.product.findUniqueOrThrow({ where: { id: productId } })).toMatchObject({ deletedAt: null });
  }, 30_000);
});

describe.runIf(onPostgres)("a statement over the statement timeout", () => {
  it("is cancelled by PostgreSQL: 503 with Retry-After, and its transaction is rolled back", async () => {
    const title = `Trage zoekopdracht ${Date.now()}`;
    const slow = route({
      auth: "public",
      handler: () =>
        db.$transaction(async (tx) => {
          await tx.category.create({ data: { name: title, nameEn: title, slug: `slow-${Date.now()}`, position: 99 } });
          await tx.$queryRaw`SELECT pg_sleep(10)`;
        }),
    });
    const res = await timed(call(slow, { ip: "198.51.100.73" }));
    expect(res.ms).toBeLessThan(4_000);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await db.category.count({ where: { name: title } })).toBe(0);
  }, 20_000);
});

describe.runIf(onPostgres)("a transaction whose connection the server ends", () => {
  it("answers 503 with Retry-After, not 500, and gives its pool connection back", async () => {
    const admin = new pg.Client(poolConfigFromUrl(process.env.DATABASE_URL!));
    await admin.connect();
    try {
      const cut = route({
        auth: "public",
        handler: () =>
          db.$transaction(async (tx) => {
            const [{ pid }] = (await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`) as [{ pid: number }];
            // A restart, for this one connection.
            await admin.query("SELECT pg_terminate_backend($1)", [pid]);
            await new Promise((resolve) => setTimeout(resolve, 200));
            await tx.$queryRaw`SELECT 1`;
          }),
      });
      // More times than the pool has connections: each must come back.
      for (let i = 0; i < 5; i++) {
        const res = await timed(call(cut, { ip: "198.51.100.74" }));
        expect(res.status, `attempt ${i}`).toBe(503);
        expect(res.body).toEqual({ detail: "Service temporarily unavailable", code: "unavailable" });
        expect(res.headers.get("retry-after")).toBe("5");
      }
      const after = await timed(call(health));
      expect(after.status).toBe(200);
      expect(after.ms).toBeLessThan(1_000);
    } finally {
      await admin.end();
    }
  }, 60_000);
});

describe.runIf(onPostgres)("the app's connections", () => {
  it("start with the lock and statement timeouts, and without JIT (compiling a catalogue search cost more than running it)", async () => {
    const [settings] = await db.$queryRaw<{ jit: string; lock: string; statement: string }[]>`
      SELECT current_setting('jit') AS jit, current_setting('lock_timeout') AS lock, current_setting('statement_timeout') AS statement`;
    // The statement timeout is this file's own (above); the lock timeout the default.
    expect(settings).toEqual({ jit: "off", lock: "2s", statement: "2500ms" });
  });
});
