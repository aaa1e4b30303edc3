/**
 * A fresh database for one test run: PGlite in memory by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL. The migrations are applied either way.
 */
import pg from "pg";
import { migrationScripts, startEmbeddedPostgres } from "@/lib/platform/db/embedded";
import { poolConfigFromUrl } from "@/lib/platform/db/connection";

export type TestDatabase = { url: string; kind: "pglite" | "postgresql"; stop: () => Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scripts = await migrationScripts();
  if (!serverUrl) {
    const embedded = await startEmbeddedPostgres({});
    for (const { sql } of scripts) await embedded.pglite.exec(sql);
    return { url: embedded.url, kind: "pglite", stop: embedded.stop };
  }
  const name = `kringwaar_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client(poolConfigFromUrl(serverUrl));
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const client = new pg.Client(poolConfigFromUrl(url));
  await client.connect();
  for (const { sql } of scripts) await client.query(sql);
  await client.end();
  return {
    url,
    kind: "postgresql",
    stop: async () => {
      const dropper = new pg.Client(poolConfigFromUrl(serverUrl));
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
