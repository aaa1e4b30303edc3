/**
 * The embedded default database: PGlite (PostgreSQL compiled to WebAssembly) served
 * over the PostgreSQL wire protocol, so the app and Prisma connect with an ordinary
 * postgresql:// URL. Used by `npm start` without DATABASE_URL and by the tests.
 *
 * PGlite is a single session: the socket server multiplexes connections onto it, and
 * transactions of different connections could interleave. Callers keep their pool at
 * one connection (DATABASE_POOL_MAX=1).
 */
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export type EmbeddedPostgres = {
  url: string;
  pglite: PGlite;
  stop: () => Promise<void>;
};

/**
 * Starts PGlite. `dataDir` undefined means in memory (tests). `port` 0 picks a free one.
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  port?: number;
  maxConnections?: number;
}): Promise<EmbeddedPostgres> {
  // cube + earthdistance: the GiST index of near searches (migration earth_gist, optional).
  const pglite = await PGlite.create(options.dataDir, { extensions: { pg_trgm, cube, earthdistance } });
  const server = new PGLiteSocketServer({
    db: pglite,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 8,
  });
  await server.start();
  const url = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  return {
    url,
    pglite,
    stop: async () => {
      await server.stop();
      await pglite.close();
    },
  };
}

/** The migration scripts in order (folder names start with a timestamp). */
export async function migrationScripts(migrationsDir = path.resolve("prisma/migrations")) {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    folders.map(async (name) => ({
      name,
      sql: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8"),
    })),
  );
}
