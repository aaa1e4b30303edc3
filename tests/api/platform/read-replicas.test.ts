// Reads that scale out: with DATABASE_REPLICA_URLS, catalogue searches,
// product and profile reads are served by a streaming replica; a replica that lags or
// dies is skipped and the primary answers; a seller sees their own change at once.
// Needs PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup): skipped without.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { GET as getProductRoute } from "@/app/api/products/[id]/route";
import { GET as profileRoute } from "@/app/api/users/[id]/profile/route";
import { disconnectDb } from "@/lib/platform/db/client";
import { migrationScripts } from "@/lib/platform/db/embedded";
import { checkReplicas, disconnectReplicas } from "@/lib/platform/db/replicas";
import { resetEnvCache } from "@/lib/platform/env";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, insertProduct, listProduct } from "../../support/catalog";
import { replicationAvailable, startReplication, type Replication } from "../../support/replication";

const bin = replicationAvailable();
const SETTINGS = ["DATABASE_URL", "DATABASE_POOL_MAX", "DATABASE_REPLICA_URLS", "DATABASE_REPLICA_MAX_LAG_MS", "GEOCODER"] as const;

describe.skipIf(!bin)("read replicas (a primary and a streaming replica of the test's own)", () => {
  let replication: Replication;
  let replica: pg.Client;
  let seller: RegisteredUser;
  const saved: Partial<Record<(typeof SETTINGS)[number], string>> = {};

  async function onReplica<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    return (await replica.query<T>(sql)).rows;
  }
  /** Waits until the replica has replayed everything the primary wrote so far. */
  async function caughtUp() {
    const primary = new pg.Client({ connectionString: replication.primary.url });
    await primary.connect();
    const lsn = (await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0]!.lsn;
    await primary.end();
    for (let i = 0; i < 200; i++) {
      const [row] = await onReplica<{ done: boolean }>(`SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS done`);
      if (row?.done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the replica did not catch up");
  }
  async function search(text: string) {
    const res = await call(listProducts, { path: `/api/products?search=${encodeURIComponent(text)}` });
    expect(res.status).toBe(200);
    return (res.body as { title: string }[]).map((p) => p.title).sort();
  }
  function setLagLimit(ms: number) {
    process.env.DATABASE_REPLICA_MAX_LAG_MS = String(ms);
    resetEnvCache();
  }

  beforeAll(async () => {
    for (const key of SETTINGS) saved[key] = process.env[key];
    replication = await startReplication(bin!);
    await disconnectDb();
    await disconnectReplicas();
    process.env.DATABASE_URL = replication.primary.url;
    process.env.DATABASE_POOL_MAX = "4";
    process.env.DATABASE_REPLICA_URLS = `${replication.replica.url}, `;
    process.env.GEOCODER = "offline";
    setLagLimit(600_000);
    const primary = new pg.Client({ connectionString: replication.primary.url });
    await primary.connect();
    for (const { sql } of await migrationScripts()) await primary.query(sql);
    await primary.end();
    replica = new pg.Client({ connectionString: replication.replica.url });
    await replica.connect();

    await ensureCategories();
    seller = await registerUser();
    await insertProduct({ sellerId: seller.id, title: "Houten kast" });
    await caughtUp();
    expect(await checkReplicas()).toEqual([{ url: replication.replica.url, usable: true }]);
  }, 120_000);

  afterAll(async () => {
    await replica?.end().catch(() => undefined);
    await disconnectReplicas();
    await disconnectDb();
    for (const key of SETTINGS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvCache();
    await replication?.destroy();
  });

  it("searches, product and profile reads are served by the replica", async () => {
    // The replica stops replaying: what is written now exists on the primary only.
    await onReplica("SELECT pg_wal_replay_pause()");
    const later = await insertProduct({ sellerId: seller.id, title: "Eiken kast" });
    await checkReplicas();
    expect(await search("kast")).toEqual(["Houten kast"]);
    // A visitor's product read too (the cached page renders for no one)...
    expect((await call(getProductRoute, { path: `/api/products/${later}`, params: { id: later } })).status).toBe(404);
    // ...but the seller, signed in, reads the primary.
    const own = await call(getProductRoute, { path: `/api/products/${later}`, params: { id: later }, token: seller.token });
    expect(own.status).toBe(200);
    expect(own.body.title).toBe("Eiken kast");
    const profile = await call(profileRoute, { path: `/api/users/${seller.id}/profile`, params: { id: seller.id } });
    expect(profile.status).toBe(200);
    expect(profile.body.product_count).toBe(1);
  });

  it("a replica further behind than the limit is skipped: the primary answers", async () => {
    setLagLimit(100);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await checkReplicas()).toEqual([{ url: replication.replica.url, usable: false }]);
    expect(await search("kast")).toEqual(["Eiken kast", "Houten kast"]);

    await onReplica("SELECT pg_wal_replay_resume()");
    await caughtUp();
    expect(await checkReplicas()).toEqual([{ url: replication.replica.url, usable: true }]);
    expect(await search("kast")).toEqual(["Eiken kast", "Houten kast"]);
    setLagLimit(600_000);
  });

  it("a seller sees their own new listing at once, on the product and in search", async () => {
    await onReplica("SELECT pg_wal_replay_pause()");
    await checkReplicas();
    const listed = await listProduct(seller, { title: "Grenen kast" });
    expect(await onReplica(`SELECT id FROM products WHERE title = 'Grenen kast'`)).toEqual([]);
    // The change was made here: reads go to the primary for longer than a replica may lag.
    expect(await search("kast")).toEqual(["Eiken kast", "Grenen kast", "Houten kast"]);
    const own = await call(getProductRoute, { path: `/api/products/${listed.id}`, params: { id: listed.id }, token: seller.token });
    expect(own.status).toBe(200);
    await onReplica("SELECT pg_wal_replay_resume()");
    await caughtUp();
  });

  it("a replica that dies does not break the site", async () => {
    await disconnectReplicas(); // forget the last test's "read the primary for a while"
    expect(await checkReplicas()).toEqual([{ url: replication.replica.url, usable: true }]);
    await replica.end();
    await replication.replica.stop();
    expect(await search("kast")).toEqual(["Eiken kast", "Grenen kast", "Houten kast"]);
    const profile = await call(profileRoute, { path: `/api/users/${seller.id}/profile`, params: { id: seller.id } });
    expect(profile.status).toBe(200);
    expect(await checkReplicas()).toEqual([{ url: replication.replica.url, usable: false }]);
    expect(await search("kast")).toHaveLength(3);
  });
});
