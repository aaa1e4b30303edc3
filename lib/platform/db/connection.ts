import type { PoolConfig } from "pg";

/**
 * Settings every connection of the app's own pools starts with (pg's `options`, sent at
 * start-up, so no round trip): PostgreSQL's JIT off. The catalogue's statements are
 * short, but their estimated cost passes `jit_above_cost` at a million listings, and
 * compiling them then costs more than running them: "stoel" within 20 km of Rotterdam
 * spent 48 ms of its 104 in JIT (docs/performance.md). JIT pays for long analytical
 * queries, which the app does not run. The embedded PGlite ignores start-up settings
 * (and has no JIT).
 */
export const SESSION_OPTIONS = "-c jit=off";

/**
 * Turns a `postgresql://` URL into discrete pg pool fields.
 *
 * Discrete fields matter for Prisma's migration engine: it makes its shadow database
 * by overriding `database` in the pool config, and a `connectionString` silently wins
 * over that override (prisma/orm#27403), so migrations would run on the real database.
 */
export function poolConfigFromUrl(url: string): PoolConfig {
  const u = new URL(url);
  if (u.protocol !== "postgresql:" && u.protocol !== "postgres:") {
    throw new Error(`Not a PostgreSQL URL (protocol ${u.protocol})`);
  }
  const sslmode = u.searchParams.get("sslmode");
  const host = u.searchParams.get("host") ?? decodeURIComponent(u.hostname);
  return {
    host: host || "127.0.0.1",
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username) || "postgres",
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres",
    ssl:
      sslmode === "require" || sslmode === "verify-full" || sslmode === "verify-ca"
        ? { rejectUnauthorized: sslmode !== "require" }
        : undefined,
  };
}
