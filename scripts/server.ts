/**
 * The HTTP server Kringwaar runs in: Node's `http` server in front of Next's request
 * handler (Next's custom-server API). `npm start` and `npm run dev` (scripts/start.ts)
 * run this file, and so does the Docker image. Next renders, compresses and serves
 * everything itself, pages and the build's files alike (docs/architecture.md, "The
 * request path"); this server only does what Next cannot know:
 *
 * - the client address comes from the socket. Before Next sees a request,
 *   X-Forwarded-For is replaced by what we can vouch for (lib/platform/api/client-ip.ts):
 *   with TRUST_PROXY_HOPS=0 only the socket's address; with N the N entries our own
 *   proxies wrote, then the socket's. X-Real-IP and Forwarded are dropped, and with no
 *   trusted proxy so are X-Forwarded-Host/-Proto/-Port, which Next then fills in from the
 *   request itself;
 * - a path that does not decode is answered or mended before Next fails on it;
 * - reads that reach Next go through a gate: at most CONCURRENT_READS at once, and 503
 *   "busy" for one that waited READ_MAX_WAIT_MS (lib/platform/http/admission.ts);
 * - SIGTERM ends it gracefully (open event streams get a moment).
 *
 * Run directly: `tsx scripts/server.ts [--dev]`, with the settings in the environment
 * (PORT, default 3000; it listens on all interfaces, as `next start` does). It serves the
 * build in `.next`, or with KRINGWAAR_E2E_BUILD=1 the end-to-end test build in
 * `.next-e2e` (lib/platform/e2e-build.ts; next.config.ts, which Next loads in this process, takes
 * its `distDir` from the same variable).
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ErrorCode } from "../lib/platform/api/error-codes";
import { BUSY_DETAIL } from "../lib/platform/api/errors";
import { trustedForwardedFor } from "../lib/platform/api/client-ip";
import { createAdmission, type Admission } from "../lib/platform/http/admission";
import { clientAddressOf, clientKeys, type ClientKeys } from "../lib/platform/http/client-key";

/** Headers a client could use to pose as someone else, unless a trusted proxy wrote them. */
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"];

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Rewrites the forwarding headers of one request in place (see the top of the file). */
export function applyClientAddress(req: IncomingMessage, trustedHops: number): void {
  req.headers["x-forwarded-for"] = trustedForwardedFor(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustedHops);
  delete req.headers["x-real-ip"];
  delete req.headers.forwarded;
  if (trustedHops === 0) for (const name of PROXY_HEADERS) delete req.headers[name];
}

/**
 * Whether the path of a request target does not decode: a stray `%`, or escapes that are
 * not UTF-8 (`/%C0`, `/api/products/%C0%AF`). Next fails on those while matching its
 * routes and answers a bare text/plain 500; we answer them before it sees them.
 */
export function hasMalformedPath(url: string): boolean {
  if (!url.startsWith("/")) return false;
  const end = url.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? url : url.slice(0, end));
    return false;
  } catch {
    return true;
  }
}

/**
 * Answers a request whose path does not decode, or makes it one Next can serve: /api
 * gets JSON 400 {detail} as any bad request there does, /uploads the JSON 404 of a
 * missing file, and a page path has its `%` signs replaced (`/%C0` becomes `/_C0`): no
 * page has such an address, so Next renders the site's own 404 page, in the visitor's
 * language. (Not `%25`: nothing then depends on how often Next decodes a path.) True
 * when answered here.
 */
export function answerMalformedPath(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  if (!hasMalformedPath(url)) return false;
  const answer = (status: number, detail: string, code: ErrorCode) => answerJson(req, res, status, detail, code);
  if (isApiPath(url)) {
    return answer(400, "Malformed URL: the path is not valid percent-encoded UTF-8", "bad_path");
  }
  if (url.startsWith("/uploads/")) return answer(404, "Not found", "not_found");
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  req.url = path.replaceAll("%", "_") + (end === -1 ? "" : url.slice(end));
  return false;
}

export type AppServerOptions = {
  /** How many reads go to Next at once (lib/platform/http/admission.ts); none: no gate. */
  admission?: Admission;
  /** Whose read a request is (lib/platform/http/client-key.ts); default: by client address alone. */
  clientKeys?: ClientKeys;
};

/** Client keys without a secret: every request is its client address's. */
const BY_ADDRESS: ClientKeys = { keyOf: async (req) => `address:${clientAddressOf(req)}` };

/** An HTTP server that sets the client address and hands every request to `handler`, reads through the gate. */
export function createAppServer(handler: RequestListener, trustedHops: number, options: AppServerOptions = {}): Server {
  const { admission, clientKeys: keys = BY_ADDRESS } = options;
  const pass = admission ? admitted(handler, admission, keys) : handler;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    applyClientAddress(req, trustedHops);
    if (answerMalformedPath(req, res)) return;
    // The live event stream stays open for as long as its visitor does: it never waits
    // for, nor holds, a place at the gate.
    if (isEventStream(req.url)) {
      handler(req, res);
      return;
    }
    pass(req, res);
  });
  // An idle keep-alive connection is closed by the client, not by us: Node's clients and
  // the usual load balancers (60 s) give up on one sooner than this. With Node's default
  // of 5 s, the same as its clients', a request sent on a connection at the moment the
  // server closed it failed with ECONNRESET (an end-to-end test saw it).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}

/**
 * The handler behind the admission gate: a GET or HEAD waits for its turn in its client's
 * line (lib/platform/http/client-key.ts), and counts until its answer is finished or its
 * connection closes; other methods and the health check go straight on.
 */
function admitted(handler: RequestListener, admission: Admission, keys: ClientKeys): RequestListener {
  return (req, res) => {
    // A load balancer's health check is not a visitor's read: it must answer while reads
    // wait. Nor are the build's files and the public folder's (a page's scripts, icons):
    // read from disk, a browser on HTTP/2 may ask for dozens at once.
    if ((req.method !== "GET" && req.method !== "HEAD") || isHealthCheck(req.url) || isStaticFile(req.url)) {
      handler(req, res);
      return;
    }
    void keys.keyOf(req).then((client) =>
      admission.admit({
        client,
        start: (release) => {
          // Given up while it waited: nothing to answer.
          if (res.destroyed || req.destroyed) {
            release();
            return;
          }
          res.once("finish", release);
          res.once("close", release);
          handler(req, res);
        },
        turnAway: () => answerBusy(req, res, 503),
        overShare: () => answerBusy(req, res, 429),
      }),
    );
  };
}

/** How long a read waits for a place before it is answered 503 (lib/platform/http/admission.ts). */
export const READ_MAX_WAIT_MS = 10_000;

/** How many reads one client may keep waiting at an instance; one more is answered 429 at once. */
export const READS_WAITING_PER_CLIENT = 16;

/**
 * A read turned away: 503 when it waited READ_MAX_WAIT_MS for a place, 429 when its client
 * already had READS_WAITING_PER_CLIENT reads waiting; with Retry-After, as the API answers
 * a database that is too busy ({detail, code: "busy"}, or "rate_limited"); a page gets a
 * short page in both languages that tries again by itself.
 */
function answerBusy(req: IncomingMessage, res: ServerResponse, status: 503 | 429): void {
  if (res.destroyed || req.destroyed || res.headersSent) return;
  const retryAfter = status === 429 ? "1" : "2";
  if (isApiPath(req.url ?? "/")) {
    if (status === 429) answerJson(req, res, 429, "Too many requests at once. Please try again in a moment.", "rate_limited", { "retry-after": retryAfter });
    else answerJson(req, res, 503, BUSY_DETAIL, "busy", { "retry-after": retryAfter });
    return;
  }
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "retry-after": retryAfter,
    "x-content-type-options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : BUSY_PAGE);
}

const BUSY_PAGE = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Even druk – Kringwaar</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Het is even erg druk</h1><p>Deze pagina probeert het over een paar seconden vanzelf opnieuw.</p>
<p lang="en">Busy right now: this page tries again by itself in a few seconds.</p>
</body></html>
`;

/** An API error answered here, before Next: `{detail, code}` as the route wrapper answers them. True. */
function answerJson(req: IncomingMessage, res: ServerResponse, status: number, detail: string, code: ErrorCode, headers: Record<string, string> = {}): true {
  const body = JSON.stringify({ detail, code });
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

/** Whether a request target is the API's (/api, /api/…, /api?…). */
const isApiPath = (url: string) => url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");

/** Whether a request target is `path`, with or without a query. */
function isPath(url: string | undefined, path: string): boolean {
  return url === path || (url?.startsWith(`${path}?`) ?? false);
}

/** GET /api/health (app/api/health/route.ts), with or without a query. */
const isHealthCheck = (url: string | undefined) => isPath(url, "/api/health");

/** The build's files and the public folder's (public/). */
const isStaticFile = (url: string | undefined) =>
  /^\/(_next\/static\/|icons\/|images\/|favicon\.ico|sw\.js|manifest\.webmanifest)/.test(url ?? "");

/** GET /api/events (app/api/events/route.ts), with or without a query. */
export function isEventStream(url: string | undefined): boolean {
  return isPath(url, "/api/events");
}

/** How long an idle keep-alive connection stays open (longer than a load balancer's 60 s). */
export const KEEP_ALIVE_MS = 65_000;

export type StartOptions = {
  dev: boolean;
  port: number;
  /** Interface to listen on; undefined: all (as `next start` does). */
  bind?: string;
  trustedHops: number;
  dir?: string;
  /** GET and HEAD requests worked on at once (CONCURRENT_READS); 0 or unset: no gate. */
  concurrentReads?: number;
  /** AUTH_SECRET: the gate's turns go per signed-in user; unset: per client address. */
  authSecret?: string;
};

/** After this long an admitted read no longer holds its place (lib/platform/http/admission.ts). */
export const READ_HOLD_MS = 1000;

/** Prepares Next in this process and serves it; resolves once listening. */
export async function startServer(options: StartOptions): Promise<{ server: Server; close: () => Promise<void> }> {
  const { default: next } = await import("next");
  const dir = options.dir ?? path.resolve(import.meta.dirname, "..");
  let handle: RequestListener = () => undefined;
  // In development a page's first compile takes seconds: no gate there.
  const limit = options.dev ? 0 : (options.concurrentReads ?? 0);
  const admission =
    limit > 0 ? createAdmission({ limit, holdMs: READ_HOLD_MS, maxWaitMs: READ_MAX_WAIT_MS, queuePerClient: READS_WAITING_PER_CLIENT }) : undefined;
  const keys = options.authSecret ? clientKeys(options.authSecret) : undefined;
  const server = createAppServer((req, res) => handle(req, res), options.trustedHops, { admission, clientKeys: keys });
  const app = next({ dev: options.dev, dir, hostname: "localhost", port: options.port, httpServer: server });
  await app.prepare();
  const nextHandler = app.getRequestHandler();
  handle = (req, res) => {
    nextHandler(req, res).catch((error: unknown) => {
      console.error("[kringwaar] request failed", error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ detail: "Server error. Please try again later.", code: "internal" }));
      } else {
        res.destroy();
      }
    });
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.bind, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Every socket, including upgraded ones (the dev server's HMR WebSocket), which
  // closeAllConnections() does not know and which would keep server.close() waiting.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  const close = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    // Requests in flight may finish; streams (the event stream) get a moment, then end.
    await Promise.race([closed, delay(5_000)]);
    for (const socket of sockets) socket.destroy();
    await Promise.race([closed, delay(1_000)]);
    await Promise.race([app.close().catch(() => undefined), delay(3_000)]);
  };
  return { server, close };
}

async function main() {
  const dev = process.argv.includes("--dev");
  const { parseEnv } = await import("../lib/platform/env");
  // Fails early, naming the variable, rather than on the first request.
  const config = parseEnv(process.env);
  const port = Number(process.env.PORT ?? 3000);
  const { close } = await startServer({
    dev,
    port,
    trustedHops: config.TRUST_PROXY_HOPS,
    concurrentReads: config.CONCURRENT_READS,
    authSecret: config.AUTH_SECRET,
  });
  console.log(`[kringwaar] listening on port ${port}${config.TRUST_PROXY_HOPS ? ` (trusting ${config.TRUST_PROXY_HOPS} proxy hop(s) of X-Forwarded-For)` : ""}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`[kringwaar] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
