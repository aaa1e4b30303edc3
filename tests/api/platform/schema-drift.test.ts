/**
 * The committed migrations and prisma/schema.prisma must describe the same database.
 * Works on PGlite (which cannot host Prisma's shadow database): the SQL Prisma derives
 * from the schema alone is applied to an empty database, and its catalogue is compared
 * with the catalogue of the migrated test database. On PostgreSQL, Prisma's own
 * `migrate diff --from-migrations` check runs as well.
 */
import { execFileSync } from "node:child_process";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { poolConfigFromUrl } from "@/lib/platform/db/connection";
import { withDatabase } from "../../support/test-database";

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const PRISMA = "node_modules/.bin/prisma";
/** Extensions the migrations create (Prisma's schema SQL leaves them out). */
const EXTENSIONS = "CREATE EXTENSION IF NOT EXISTS pg_trgm;";

function prisma(args: string[]): string {
  return execFileSync(PRISMA, args, {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    stdio: ["ignore", "pipe", "pipe"],
  }).toString();
}

/**
 * Indexes the migrations add that schema.prisma cannot describe, all on expressions:
 * the GiST index of near searches, which only exists where cube + earthdistance do
 * (migration earth_gist), the lowercased title of exact-title lookups (migration
 * title_lower_index), the address without its place (migration product_place) and a
 * category by grid cell (migration product_geo_cell).
 * `prisma migrate diff` ignores them as well.
 */
const OPTIONAL_INDEXES = ["locations_approx_earth_idx", "products_title_lower_idx", "locations_address_elsewhere_trgm_idx", "products_category_cell_idx"];

/** Tables, columns, indexes, enums and keys; CHECK constraints are ours, not Prisma's. */
async function schemaCatalog(query: Query) {
  const columns = await query(`
    SELECT table_name::text AS t, column_name::text AS c, udt_name::text AS type,
           is_nullable::text AS nullable, coalesce(column_default, '')::text AS def
    FROM information_schema.columns WHERE table_schema = 'public'
    AND table_name <> '_prisma_migrations' ORDER BY 1, 2`);
  const indexes = await query(`
    SELECT indexname::text AS name, indexdef::text AS def FROM pg_indexes
    WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
    AND indexname NOT IN (${OPTIONAL_INDEXES.map((name) => `'${name}'`).join(", ")}) ORDER BY 1`);
  const enums = await query(`
    SELECT t.typname::text AS name, string_agg(e.enumlabel::text, ',' ORDER BY e.enumsortorder) AS labels
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname ORDER BY 1`);
  const keys = await query(`
    SELECT conname::text AS name, pg_get_constraintdef(c.oid)::text AS def
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = 'public' AND c.contype IN ('f', 'p', 'u')
    AND c.conrelid::regclass::text <> '_prisma_migrations' ORDER BY 1`);
  return { columns, indexes, enums, keys };
}

async function withPg<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client(poolConfigFromUrl(url));
  await client.connect();
  try {
    return await fn(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

describe("database schema", () => {
  it("the migrations build exactly the schema that schema.prisma describes", async () => {
    const schemaSql = prisma(["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"]);
    expect(schemaSql).toContain("CREATE TABLE");

    const migrated = await withPg(inject("databaseUrl"), schemaCatalog);
    expect(migrated.columns.length).toBeGreaterThan(50);

    let expected;
    if (inject("databaseKind") === "pglite") {
      const fresh = await PGlite.create({ extensions: { pg_trgm } });
      await fresh.exec(`${EXTENSIONS}\n${schemaSql}`);
      expected = await schemaCatalog(async (sql) => (await fresh.query<Record<string, unknown>>(sql)).rows);
      await fresh.close();
    } else {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `kringwaar_drift_${process.pid}_${Date.now()}`;
      await withPg(serverUrl, (q) => q(`CREATE DATABASE "${name}"`));
      try {
        expected = await withPg(withDatabase(serverUrl, name), async (q) => {
          await q(`${EXTENSIONS}\n${schemaSql}`);
          return schemaCatalog(q);
        });
      } finally {
        await withPg(serverUrl, (q) => q(`DROP DATABASE "${name}" WITH (FORCE)`));
      }
    }
    expect(migrated).toEqual(expected);
  }, 180_000); // Prisma's CLI and a second schema: slow on a busy machine

  it.runIf(inject("databaseKind") === "postgresql")(
    "prisma migrate diff finds no drift between the migrations and the schema",
    () => {
      // Exit code 2 (a difference) makes execFileSync throw, failing the test.
      const out = prisma([
        "migrate", "diff", "--from-migrations", "prisma/migrations",
        "--to-schema-datamodel", "prisma/schema.prisma", "--exit-code",
      ]);
      expect(out).toContain("No difference detected");
    },
    60_000,
  );

  it("enforces the money and range rules in the database itself", async () => {
    await withPg(inject("databaseUrl"), async (q) => {
      const rules = (await q(`SELECT conname::text AS name FROM pg_constraint WHERE contype = 'c' AND conname NOT LIKE '%_not_null'`)).map((r) => r.name);
      expect(rules).toEqual(expect.arrayContaining([
        "users_email_lowercase", "products_price_range", "orders_money", "ledger_entries_amount_positive",
        "reviews_rating_range", "locations_in_netherlands", "product_images_position",
      ]));
      await expect(
        q(`INSERT INTO users (id, email, password_hash, name, updated_at) VALUES (gen_random_uuid(), 'Upper@Example.nl', 'x', 'X', now())`),
      ).rejects.toThrow(/users_email_lowercase/);
    });
  });
});
