import type { PoolConfig } from "pg";

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
