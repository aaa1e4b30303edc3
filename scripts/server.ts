/**
 * The HTTP server Kringwaar runs in: Node's `http` server in front of Next's request
 * handler (Next's custom-server API). `npm start` and `npm run dev` (scripts/start.ts)
 * run this file, and so does the Docker image through `npm start`.
 *
 * Its one job besides serving: the client address comes from the socket. Before Next
 * sees a request, X-Forwarded-For is replaced by what we can vouch for
 * (lib/platform/api/client-ip.ts): with TRUST_PROXY_HOPS=0 only the socket's address; with N the
 * N entries our own proxies wrote, then the socket's. X-Real-IP and Forwarded are
 * dropped, and with no trusted proxy so are X-Forwarded-Host/-Proto/-Port, which Next
 * then fills in from the request itself.
 *
 * It also owns two things Next would otherwise do itself, because they must happen after
 * Next has written a response: the CSP nonce swap (lib/platform/http/render-nonce.ts: cached
 * pages carry a secret render nonce, every response gets a fresh one) and, after it,
 * gzip (`compress: false` in next.config.ts; the same middleware Next uses). Pages load
 * their scripts after the first paint (lib/platform/http/paint-first.ts). It answers repeated
 * visits of a cached public page from a copy of Next's answer that lives
 * PAGE_COPY_SECONDS (lib/platform/http/page-copies.ts), kept compressed with its nonce's places
 * open (lib/platform/http/gzip-template.ts). And it serves the build's scripts and stylesheets
 * from the gzip copies `npm run build` made of them (lib/platform/http/static-files.ts).
 * Reads that reach Next go through a gate: at most CONCURRENT_READS at once, the others
 * in arrival order, and 503 "busy" for one that waited READ_MAX_WAIT_MS
 * (lib/platform/http/admission.ts).
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
import { createRequire } from "node:module";
import type { ErrorCode } from "../lib/platform/api/error-codes";
import { BUSY_DETAIL } from "../lib/platform/api/errors";
import { trustedForwardedFor } from "../lib/platform/api/client-ip";
import { buildGzipTemplate, TEMPLATES_SUPPORTED } from "../lib/platform/http/gzip-template";
import { answerFromCopy, answerFromTemplate, copyKey, recordCopy, registerPageCopies, type Templater } from "../lib/platform/http/page-copies";
import { PaintFirst, paintFirst } from "../lib/platform/http/paint-first";
import { acceptsGzip, answerPrecompressed, loadPrecompressed, type PrecompressedFile } from "../lib/platform/http/static-files";
import { loadRenderNonce, RENDER_NONCE_ENV, swapRenderNonce } from "../lib/platform/http/render-nonce";
import { distDirOf } from "../lib/platform/e2e-build";
import { createAdmission, type Admission } from "../lib/platform/http/admission";

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const require = createRequire(import.meta.url);
/** Next's own copy of the `compression` middleware and its leak fix (router-server.js). */
const compression = require("next/dist/compiled/compression") as () => Middleware;
const { releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream") as {
  releaseCompressionStream: (res: ServerResponse) => void;
};

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
 * How a copy of a cached page is kept compressed: an HTML page as the server sends it
 * (paint-first; the nonce swap only changes the render nonce's places, which the template
 * leaves open), anything else not at all.
 */
export function pageTemplater(renderNonceToken: string): Templater | undefined {
  if (!TEMPLATES_SUPPORTED) return undefined;
  return (body, contentType) => {
    if (!/^text\/html\b/i.test(contentType)) return null;
    const paint = new PaintFirst();
    return buildGzipTemplate(Buffer.concat([paint.push(body), paint.flush()]), renderNonceToken);
  };
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
  /** The build's render nonce: responses are then nonce-swapped, paint-first and compressed, and cached pages copied. */
  renderNonceToken?: string;
  /** The build's precompressed scripts and stylesheets (lib/platform/http/static-files.ts). */
  precompressed?: Map<string, PrecompressedFile>;
  /** How many reads go to Next at once (lib/platform/http/admission.ts); none: no gate. */
  admission?: Admission;
};

/**
 * An HTTP server that sets the client address and hands every request to `handler`;
 * with a render nonce, responses are also nonce-swapped, paint-first and compressed, and cached
 * public pages are answered from short-lived copies (lib/platform/http/page-copies.ts).
 */
export function createAppServer(handler: RequestListener, trustedHops: number, options: AppServerOptions = {}): Server {
  const { renderNonceToken, precompressed, admission } = options;
  const pass = admission ? admitted(handler, admission) : handler;
  const compress = renderNonceToken ? compression() : undefined;
  if (renderNonceToken) registerPageCopies(pageTemplater(renderNonceToken));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    applyClientAddress(req, trustedHops);
    if (answerMalformedPath(req, res)) return;
    if (precompressed && answerPrecompressed(precompressed, req, res)) return;
    // The live event stream is never compressed and has no page in it: it goes to Next
    // unwrapped, so its many open answers hold no compression, paint-first or nonce state
    // (issue 28 item 4: what an open stream costs).
    if (isEventStream(req.url)) {
      handler(req, res);
      return;
    }
    if (!compress || !renderNonceToken) {
      pass(req, res);
      return;
    }
    compress(req, res, () => undefined);
    // On client disconnect the middleware never ends its zlib stream (as in Next).
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
    // Inside the swap: it sees the fresh nonce, and Next's head as the swap left it.
    paintFirst(res);
    const nonce = swapRenderNonce(res, renderNonceToken);
    const key = copyKey(req);
    if (key !== null) {
      if (acceptsGzip(req.headers["accept-encoding"]) && answerFromTemplate(key, res, nonce)) return;
      if (answerFromCopy(key, res)) return;
      recordCopy(key, res);
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
 * The handler behind the admission gate: a GET or HEAD waits for its turn, and counts
 * until its answer is finished or its connection closes; other methods and the health
 * check go straight on.
 */
function admitted(handler: RequestListener, admission: Admission): RequestListener {
  return (req, res) => {
    // A load balancer's health check is not a visitor's read: it must answer while reads wait.
    if ((req.method !== "GET" && req.method !== "HEAD") || isHealthCheck(req.url)) {
      handler(req, res);
      return;
    }
    admission.admit(
      (release) => {
        // Given up while it waited: nothing to answer.
        if (res.destroyed || req.destroyed) {
          release();
          return;
        }
        res.once("finish", release);
        res.once("close", release);
        handler(req, res);
      },
      () => answerBusy(req, res),
    );
  };
}

/** How long a read waits for a place before it is answered 503 (lib/platform/http/admission.ts). */
export const READ_MAX_WAIT_MS = 10_000;

/**
 * A read that waited READ_MAX_WAIT_MS for a place: 503 with Retry-After, as the API answers
 * a database that is too busy ({detail, code: "busy"}); a page gets a short page in both
 * languages that tries again by itself.
 */
function answerBusy(req: IncomingMessage, res: ServerResponse): void {
  if (res.destroyed || req.destroyed || res.headersSent) return;
  if (isApiPath(req.url ?? "/")) {
    answerJson(req, res, 503, BUSY_DETAIL, "busy", { "retry-after": "2" });
    return;
  }
  res.writeHead(503, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "retry-after": "2",
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
  /**
   * The build's folder under `dir`: by default the one the environment asks for
   * (distDirOf), which is also the `distDir` next.config.ts gives Next.
   */
  distDir?: string;
  /** GET and HEAD requests worked on at once (CONCURRENT_READS); 0 or unset: no gate. */
  concurrentReads?: number;
};

/** After this long an admitted read no longer holds its place (lib/platform/http/admission.ts). */
export const READ_HOLD_MS = 1000;

/** Prepares Next in this process and serves it; resolves once listening. */
export async function startServer(options: StartOptions): Promise<{ server: Server; close: () => Promise<void> }> {
  const { default: next } = await import("next");
  const dir = options.dir ?? path.resolve(import.meta.dirname, "..");
  const distDir = path.join(dir, options.distDir ?? distDirOf());
  let handle: RequestListener = () => undefined;
  // The build's render nonce, for proxy.ts (same process) and the swap.
  const token = loadRenderNonce(distDir);
  process.env[RENDER_NONCE_ENV] = token;
  // In development Next serves its own (changing) files.
  const precompressed = options.dev ? undefined : loadPrecompressed(distDir);
  // In development a page's first compile takes seconds: no gate there.
  const limit = options.dev ? 0 : (options.concurrentReads ?? 0);
  const admission = limit > 0 ? createAdmission({ limit, holdMs: READ_HOLD_MS, maxWaitMs: READ_MAX_WAIT_MS }) : undefined;
  const server = createAppServer((req, res) => handle(req, res), options.trustedHops, { renderNonceToken: token, precompressed, admission });
  const app = next({ dev: options.dev, dir, hostname: "localhost", port: options.port, httpServer: server });
  await app.prepare();
  const nextHandler = app.getRequestHandler();
  handle = (req, res) => {
    nextHandler(req, res).catch((error: unknown) => {
      console.error("[kringwaar] request failed", error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ detail: "Server error. Please try again later." }));
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
  const { close } = await startServer({ dev, port, trustedHops: config.TRUST_PROXY_HOPS, concurrentReads: config.CONCURRENT_READS });
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
