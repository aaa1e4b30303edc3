// A harmless write keeps the page cache: settings, notifications read and a password
// change make nothing on the public pages stale; a seller's edit revalidates that
// product, that seller and the lists, not every page; and a user's writes are limited per
// minute over all routes (lib/domains/catalog/page-cache.ts, lib/platform/api/route.ts).
// Next's cache functions are recorded here: outside a Next server they have no cache.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const revalidated = vi.hoisted(() => ({ tags: [] as string[], paths: [] as string[] }));
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/cache")>()),
  revalidateTag: (tag: string) => void revalidated.tags.push(tag),
  revalidatePath: (path: string) => void revalidated.paths.push(path),
}));

const { PATCH: patchSettings } = await import("@/app/api/users/me/settings/route");
const { PUT: markAllRead } = await import("@/app/api/notifications/mark-all-read/route");
const { PUT: updateProduct } = await import("@/app/api/products/[id]/route");
const { POST: cronRun } = await import("@/app/api/cron/run/route");
const { db } = await import("@/lib/platform/db/client");
const { resetEnvCache } = await import("@/lib/platform/env");
const { call } = await import("../../support/http");
const { registerUser } = await import("../../support/factories");
const { ensureCategories, listingPayload, listProduct } = await import("../../support/catalog");

let seller: Awaited<ReturnType<typeof registerUser>>;
let product: { id: string };

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Cache Verkoper" });
  product = await listProduct(seller);
});

beforeEach(() => {
  revalidated.tags.length = 0;
  revalidated.paths.length = 0;
});

const CRON_SECRET = "cron-secret-for-the-page-cache-test-0123456789";
const previousSecret = process.env.CRON_SECRET;

afterAll(() => {
  delete process.env.WRITES_PER_MINUTE;
  if (previousSecret === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = previousSecret;
  resetEnvCache();
});

describe("what a write makes stale", () => {
  it("changing one's settings or reading one's notifications revalidates no public page", async () => {
    const settings = await call(patchSettings, { method: "PATCH", path: "/api/users/me/settings", token: seller.token, json: { locale: "en" } });
    expect(settings.status).toBe(200);
    const read = await call(markAllRead, { method: "PUT", path: "/api/notifications/mark-all-read", token: seller.token });
    expect(read.status).toBe(200);
    expect(revalidated).toEqual({ tags: [], paths: [] });
  });

  it("a seller's edit revalidates that product, that seller and the lists, not every page", async () => {
    const res = await call(updateProduct, {
      method: "PUT",
      path: `/api/products/${product.id}`,
      token: seller.token,
      params: { id: product.id },
      json: { ...(await listingPayload(seller)), title: "Gazelle met nieuw zadel", price: 99 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(revalidated.paths).toEqual([]);
    expect(revalidated.tags.sort()).toEqual(["catalogue", `product:${product.id}`, `seller:${seller.id}`].sort());
  });

  it("a refused write revalidates nothing", async () => {
    const other = await registerUser({ name: "Andere Gebruiker" });
    const res = await call(updateProduct, { method: "PUT", path: `/api/products/${product.id}`, token: other.token, params: { id: product.id }, json: await listingPayload(other) });
    expect(res.status).toBe(403);
    expect(revalidated).toEqual({ tags: [], paths: [] });
  });
});

describe("the scheduled jobs", () => {
  const run = () => call(cronRun, { method: "POST", path: "/api/cron/run", headers: { authorization: `Bearer ${CRON_SECRET}` } });

  it("a run that changed nothing leaves the cache alone; one that did revalidates the public pages", async () => {
    process.env.CRON_SECRET = CRON_SECRET;
    resetEnvCache();
    await run();
    revalidated.tags.length = 0;
    const quiet = await run();
    expect(quiet.status).toBe(200);
    expect(revalidated).toEqual({ tags: [], paths: [] });

    await db.uploadedImage.create({ data: { key: "products/2026/0b0b0b0b-0000-4000-8000-00000000abcd.webp", createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) } });
    const busy = await run();
    expect(busy.body.unused_uploads_deleted).toBe(1);
    expect(revalidated.tags).toEqual(["public"]);
  });
});

describe("writes per user", () => {
  it("past WRITES_PER_MINUTE a user's writes are 429 with Retry-After, on any route; another user is not held up", async () => {
    process.env.WRITES_PER_MINUTE = "5";
    resetEnvCache();
    const writer = await registerUser({ name: "Snelle Schrijver" });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call(patchSettings, { method: "PATCH", path: "/api/users/me/settings", token: writer.token, json: { locale: i % 2 ? "nl" : "en" } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const refused = await call(markAllRead, { method: "PUT", path: "/api/notifications/mark-all-read", token: writer.token });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    const someoneElse = await registerUser({ name: "Rustige Lezer" });
    expect((await call(markAllRead, { method: "PUT", path: "/api/notifications/mark-all-read", token: someoneElse.token })).status).toBe(200);
  });
});
