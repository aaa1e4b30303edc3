/**
 * The one wrapper every /api route handler goes through (docs/architecture.md, "A route
 * handler"): resolve the caller, refuse banned users, check the role and the Origin of
 * cookie-authenticated writes, parse params, query and body with zod, call the handler,
 * and turn every thrown error into `{detail}` JSON with the right status.
 */
import type { NextRequest } from "next/server";
import { ZodError, type ZodType } from "zod";
import { Prisma } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { readBodyText } from "./body";
import { clientIp } from "./client-ip";
import { AppError, BUSY_DETAIL, type FieldError } from "./errors";
import { afterResponseHooks, routeHooks, type AuthVia } from "./hooks";
import { enforce } from "./rate-limit";
import type { RouteSpecInfo } from "./openapi";
import { cleanJson, cleanQueryValue } from "./text";

/** JSON bodies larger than this are refused before they are read (uploads have their own limit). */
export const MAX_JSON_BYTES = 64 * 1024;
/** Query strings longer than this are refused. */
export const MAX_QUERY_LENGTH = 4096;

/** public: anyone; optional: user if signed in; user: signed in; admin: is_admin. */
export type Access = "public" | "optional" | "user" | "admin";

type UserFor<A extends Access> = A extends "user" | "admin" ? User : User | null;

export type RouteContext<A extends Access, P, Q, B> = {
  req: NextRequest;
  user: UserFor<A>;
  via: AuthVia | null;
  /** The caller's session (bearer token or web cookie), when signed in. */
  sessionId: string | null;
  params: P;
  query: Q;
  body: B;
  ip: string;
  requestId: string;
};

export type RouteSpec<A extends Access, P, Q, B> = {
  auth: A;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Status of a successful JSON answer (default 200). */
  status?: number;
  handler: (ctx: RouteContext<A, P, Q, B>) => Promise<unknown>;
};

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function route<A extends Access, P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  spec: RouteSpec<A, P, Q, B>,
) {
  const handle = async function handle(req: NextRequest, context?: NextContext): Promise<Response> {
    const started = performance.now();
    const requestId = requestIdOf(req);
    let userId: string | undefined;
    let caller: User | null = null;
    let response: Response;
    try {
      const hooks = routeHooks();
      const resolved = await hooks.resolveCaller(req);
      const user = resolved.user;
      caller = user;
      userId = user?.id;
      const needsUser = spec.auth === "user" || spec.auth === "admin";
      if (needsUser && !user) {
        throw new AppError(
          "unauthorized",
          resolved.user === null && resolved.invalidBearer ? "Invalid or expired token" : "Not authenticated",
          { code: "unauthorized", extra: resolved.user === null && resolved.ended ? { reason: resolved.ended } : undefined },
        );
      }
      const refusal = user ? hooks.refuseUser(user) : null;
      if (refusal && needsUser) throw refusal;
      if (spec.auth === "admin" && !user?.isAdmin) {
        throw new AppError("forbidden", "Admin access required", { code: "admin_only" });
      }
      const effectiveUser = user && !refusal ? user : null;
      if (resolved.via === "cookie" && !SAFE_METHODS.has(req.method)) checkOrigin(req);
      // Every signed-in user's writes, whatever the route: WRITES_PER_MINUTE, then 429 with
      // Retry-After (docs/architecture.md, "A request to /api").
      const writesPerMinute = env().WRITES_PER_MINUTE;
      if (effectiveUser && writesPerMinute > 0 && !SAFE_METHODS.has(req.method)) {
        await enforce({ key: `writes:${effectiveUser.id}`, max: writesPerMinute, windowSeconds: 60 });
      }

      const params = spec.params
        ? spec.params.parse(await (context?.params ?? Promise.resolve({})))
        : ({} as P);
      if (req.nextUrl.search.length > MAX_QUERY_LENGTH) {
        throw new AppError("uri_too_long", `Query string too long (at most ${MAX_QUERY_LENGTH} characters)`, { code: "query_too_long" });
      }
      const query = spec.query ? spec.query.parse(queryObject(req)) : ({} as Q);
      const body = spec.body ? spec.body.parse(await readJson(req)) : (undefined as B);

      const result = await spec.handler({
        req,
        user: effectiveUser as UserFor<A>,
        via: resolved.via,
        sessionId: resolved.sessionId,
        params,
        query,
        body,
        ip: clientIp(req.headers, env().TRUST_PROXY_HOPS),
        requestId,
      });
      response = result instanceof Response ? result : json(result, spec.status ?? 200);
    } catch (error) {
      response = errorResponse(error, requestId, req);
    }
    response.headers.set("X-Request-Id", requestId);
    for (const hook of afterResponseHooks()) hook(req.method, req.nextUrl.pathname, response.status, caller);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    const ms = Math.round(performance.now() - started);
    log().info(
      { requestId, method: req.method, path: new URL(req.url).pathname, status: response.status, ms, userId },
      "request",
    );
    return response;
  };
  // What the wrapper checks, for the OpenAPI document (lib/platform/api/openapi.ts).
  const info: RouteSpecInfo = { auth: spec.auth, params: spec.params, query: spec.query, body: spec.body, status: spec.status };
  return Object.assign(handle, { spec: info });
}

/** What route() checks for a handler it made; undefined for other handlers. */
export function routeSpecOf(handler: unknown): RouteSpecInfo | undefined {
  return typeof handler === "function" && "spec" in handler ? (handler.spec as RouteSpecInfo) : undefined;
}

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(data ?? null, { status, headers });
}

function requestIdOf(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** Cookie-authenticated writes must come from one of our own pages. */
function checkOrigin(req: Request) {
  const origin = req.headers.get("origin");
  const allowed = new Set([new URL(env().APP_URL).origin, ...env().ALLOWED_ORIGINS]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  if (!origin || !allowed.has(origin)) {
    throw new AppError("forbidden", "Cross-site request refused", { code: "bad_origin" });
  }
}

function queryObject(req: NextRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of req.nextUrl.searchParams) out[key] ??= cleanQueryValue(key, value);
  return out;
}

/**
 * The JSON body; an empty body counts as `{}` (the apps send some calls with none). Bodies
 * over MAX_JSON_BYTES are refused with 413 without being read whole: by Content-Length
 * when it is sent, else by counting while streaming (lib/platform/api/body.ts). Every string is
 * checked and normalised and the nesting depth is capped (lib/platform/api/text.ts). Exported for
 * the few handlers that must read the body themselves (after their own checks, or only
 * for some content types); they get the same limits and cleaning.
 */
export async function readJson(req: Request): Promise<unknown> {
  const text = await readBodyText(req, MAX_JSON_BYTES, bodyTooLarge);
  if (!text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON", { code: "invalid_json" });
  }
  return cleanJson(parsed);
}

function bodyTooLarge(): AppError {
  return new AppError("too_large", `Request body too large (at most ${MAX_JSON_BYTES / 1024} KB)`, { code: "body_too_large" });
}

function errorResponse(error: unknown, requestId: string, req: Request): Response {
  if (error instanceof AppError) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds) headers["Retry-After"] = String(error.retryAfterSeconds);
    return json(
      { ...error.extra, detail: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
      error.status,
      headers,
    );
  }
  if (error instanceof ZodError) {
    const errors = fieldErrors(error);
    return json({ detail: errors[0]?.message ?? "Invalid input", code: "validation", errors }, 422);
  }
  if (isDatabaseOutage(error)) {
    log().warn({ err: error, requestId }, "database unavailable");
    return json({ detail: "Service temporarily unavailable", code: "unavailable" }, 503, { "Retry-After": "5" });
  }
  if (isDatabaseBusy(error)) {
    // The transaction was rolled back: nothing of the request was kept, so asking again
    // is safe.
    log().warn({ err: error, requestId, method: req.method, url: req.url }, "database busy (lock or statement timeout)");
    return json({ detail: BUSY_DETAIL, code: "busy" }, 503, { "Retry-After": "2" });
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2025") return json({ detail: "Not found", code: "not_found" }, 404);
    if (error.code === "P2002") return json({ detail: "Already exists", code: "conflict" }, 409);
  }
  log().error({ err: error, requestId, method: req.method, url: req.url }, "unhandled error");
  return json({ detail: "Server error. Please try again later.", code: "internal", request_id: requestId }, 500);
}

function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
}

/** Connection-level failures (the database is down or restarting), through any wrapping. */
const OUTAGE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH",
  "57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006",
  "P1001", "P1002", "P1008", "P1017",
]);
// pg's own words for a connection that broke or was closed under a query (no code):
// "Client has encountered a connection error and is not queryable" is what a
// transaction's next statement gets after a restart ended its connection.
const OUTAGE_MESSAGES = /ECONNREFUSED|Connection terminated|terminating connection|Can't reach database server|connection timeout|Timed out fetching a new connection|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Client was closed and is not queryable|Connection is closed|server closed the connection unexpectedly/i;

/**
 * The error and what it wraps: `cause`, and the driver error Prisma keeps in
 * `meta.driverAdapterError` (its own `code` is then only P2010 "raw query failed").
 */
function* errorChain(error: unknown): Generator<Record<string, unknown>> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 12; seen++) {
    const current = queue.shift();
    if (!current || typeof current !== "object") continue;
    const e = current as { cause?: unknown; meta?: { driverAdapterError?: unknown } };
    yield current as Record<string, unknown>;
    queue.push(e.cause, e.meta?.driverAdapterError);
  }
}

function codesOf(e: Record<string, unknown>): string[] {
  return [e.code, e.originalCode].filter((code): code is string => typeof code === "string");
}

export function isDatabaseOutage(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (e instanceof Prisma.PrismaClientInitializationError) return true;
    if (codesOf(e).some((code) => OUTAGE_CODES.has(code))) return true;
    for (const message of [e.message, e.originalMessage]) {
      if (typeof message === "string" && OUTAGE_MESSAGES.test(message)) return true;
    }
  }
  return false;
}

/**
 * PostgreSQL gave up waiting, and rolled the statement's transaction back: a row lock
 * held elsewhere longer than the lock timeout (55P03 lock_not_available), a statement
 * over the statement timeout (57014 query_canceled), or Prisma's transaction outlived
 * its own time limit (P2028). Passing, not broken: 503 with a short Retry-After.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (const e of errorChain(error)) {
    const codes = codesOf(e);
    if (codes.includes("55P03") || codes.includes("57014")) return true;
    if (codes.includes("P2028") && typeof e.message === "string" && /expired transaction|timeout|in the given time/i.test(e.message)) return true;
  }
  return false;
}
