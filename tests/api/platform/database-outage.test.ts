// What a client sees while the database is down: the errors the real
// driver stack (pg pool → Prisma's pg adapter → Prisma) throws when PostgreSQL refuses
// connections, ends them, or is too slow, become 503 {detail} with Retry-After, never a
// 500 or a hang; other errors stay 500. tests/e2e/faults.spec.ts restarts a real server.
import { createServer, type Server, type Socket } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseBusy, isDatabaseOutage, route } from "@/lib/domains/route";
import { Prisma } from "@/lib/platform/db/client";
import { PrismaClient } from "@/lib/platform/db/generated/client";
import { call } from "../../support/http";

const IP = "198.51.100.231";

/** A Prisma client the way lib/platform/db/client.ts makes one, on the given port. */
function clientOn(port: number, options: pg.PoolConfig = {}) {
  const pool = new pg.Pool({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1, ...options });
  pool.on("error", () => undefined);
  return { prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), pool };
}

/** The error a real query throws against `port`. */
async function errorOf(port: number, options: pg.PoolConfig = {}): Promise<unknown> {
  const { prisma, pool } = clientOn(port, options);
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    return error;
  } finally {
    await prisma.$disconnect().catch(() => undefined);
    await pool.end().catch(() => undefined);
  }
  throw new Error("the query should have failed");
}

/** A route whose service fails with `error`, called as Next calls it. */
async function answerFor(error: unknown) {
  const handler = route({ auth: "public", handler: async () => Promise.reject(error) });
  return call(handler, { ip: IP });
}

let closedPort: number;
let silent: Server;
const silentSockets: Socket[] = [];
let silentPort: number;
let hangup: Server;
let hangupPort: number;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));
}

beforeAll(async () => {
  // A port nobody listens on: taken and given back.
  const probe = createServer();
  closedPort = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  // A "database" that accepts connections and never answers (a hung host).
  silent = createServer((socket) => silentSockets.push(socket));
  silentPort = await listen(silent);
  // A server that drops every connection at once (a restart in progress).
  hangup = createServer((socket) => socket.destroy());
  hangupPort = await listen(hangup);
});

afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await new Promise((resolve) => hangup.close(resolve));
});

describe("database outages answer 503 {detail}", () => {
  it("a refused connection (PostgreSQL stopped)", async () => {
    const error = await errorOf(closedPort);
    expect(isDatabaseOutage(error)).toBe(true);
    const res = await answerFor(error);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: "Service temporarily unavailable", code: "unavailable" });
    expect(res.headers.get("retry-after")).toBe("5");
  });

  it("a connection the server ends (restarting)", async () => {
    const error = await errorOf(hangupPort);
    expect(isDatabaseOutage(error)).toBe(true);
    expect((await answerFor(error)).status).toBe(503);
  });

  it("a server that does not answer, within the pool's connect timeout", async () => {
    const started = Date.now();
    const error = await errorOf(silentPort, { connectionTimeoutMillis: 300 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isDatabaseOutage(error)).toBe(true);
    expect((await answerFor(error)).status).toBe(503);
  });

  it("PostgreSQL's own shutdown and start-up errors (57P01, 57P03), also when wrapped", async () => {
    const adminShutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const startingUp = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
    for (const error of [adminShutdown, startingUp, new Error("Driver adapter error", { cause: adminShutdown })]) {
      expect(isDatabaseOutage(error)).toBe(true);
      expect((await answerFor(error)).status).toBe(503);
    }
  });

  it("a transaction's connection that broke under it (pg: not queryable), also inside Prisma's error", async () => {
    // What the next statement of a transaction gets after a restart ended its connection.
    const broken = new Error("Client has encountered a connection error and is not queryable");
    const closed = new Error("Client was closed and is not queryable");
    for (const error of [broken, closed, new Error("Transaction failed", { cause: broken })]) {
      expect(isDatabaseOutage(error)).toBe(true);
      const res = await answerFor(error);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
    }
  });

  it("a lock or statement timeout: 503 busy with a short Retry-After, also as Prisma reports it", async () => {
    // Prisma's raw-query error keeps the driver's error in meta.driverAdapterError.
    const prismaShaped = (code: string, message: string) =>
      new Prisma.PrismaClientKnownRequestError(`Raw query failed. Code: \`${code}\`. Message: \`${message}\``, {
        code: "P2010",
        clientVersion: "6",
        meta: { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode: code, originalMessage: message, kind: "postgres", code, message } } },
      });
    for (const error of [
      prismaShaped("55P03", "canceling statement due to lock timeout"),
      prismaShaped("57014", "canceling statement due to statement timeout"),
      Object.assign(new Error("canceling statement due to lock timeout"), { code: "55P03" }),
    ]) {
      expect(isDatabaseBusy(error)).toBe(true);
      const res = await answerFor(error);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: "Busy right now, please try again in a moment", code: "busy" });
      expect(res.headers.get("retry-after")).toBe("2");
    }
  });

  it("other errors stay 500 without internals", async () => {
    const error = Object.assign(new Error("relation \"nope\" does not exist"), { code: "42P01" });
    expect(isDatabaseOutage(error)).toBe(false);
    expect(isDatabaseBusy(error)).toBe(false);
    const res = await answerFor(error);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain("nope");
  });
});
