/**
 * Calls a real route handler the way Next.js does: a NextRequest in, a Response out, and
 * checks the answer against the OpenAPI document (tests/support/contract.ts).
 */
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { createSession } from "@/lib/domains/accounts/auth/sessions";
import { checkContract } from "./contract";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as-is (for malformed bodies). */
  body?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
  /** The client's address (X-Forwarded-For); each test file should use its own. */
  ip?: string;
  token?: string;
  cookie?: string;
};

export type CallResult<T = any> = { status: number; body: T; headers: Headers };

export const ORIGIN = "http://localhost:3000";

export async function call<T = any>(handler: Handler, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers = new Headers(options.headers);
  headers.set("x-forwarded-for", options.ip ?? "198.51.100.1");
  headers.set("host", "localhost:3000");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | undefined = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const req = new NextRequest(new URL(options.path ?? "/", ORIGIN), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  // Every answer a test receives is checked against the OpenAPI document.
  checkContract(handler, req.method, res.status, res.headers.get("content-type"), parsed);
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/** The next-auth cookie of a fresh web session of the user (as the login dialog makes). */
export async function sessionCookie(userId: string): Promise<string> {
  const session = await createSession(userId, "web");
  const token = await encode({ token: { sub: userId, sid: session.id }, secret: process.env.AUTH_SECRET! });
  return `next-auth.session-token=${token}`;
}
