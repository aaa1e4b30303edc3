/**
 * The browser side of our API: every JSON call of the web UI goes through here. A
 * same-origin request with the session cookie; a failure becomes an `ApiError` with the
 * server's `{detail, code, errors}` (docs/api.md), and a 401 on a write asks the
 * page to open the login dialog (components/auth/auth-dialog-provider.tsx listens).
 * Decide by `code` (lib/platform/api/error-codes.ts), never by `detail`, which is English text.
 *
 * Not here, on purpose: next-auth's signIn (its own CSRF dance), the checkout redirect
 * (a page navigation) and the live event stream (EventSource).
 */
import type { ErrorCode } from "@/lib/platform/api/error-codes";
import { LOGIN_NEEDED_EVENT } from "@/components/auth/login-event";

/** Sent after a saved favourite or a sent message: the install offer's moment (components/pwa/install-prompt.tsx). */
export const ENGAGED_EVENT = "kringwaar:engaged";
const ENGAGING = /^\/api\/(wishlist|conversations)(\/|\?|$)/;

export type { ErrorCode };

export type ApiFieldError = { field: string; message: string };

/** A failed call. `status` 0: it never reached the server (offline, aborted, timed out). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  /** The server's English text; "" when there was none. Show it, never compare it. */
  readonly detail: string;
  readonly errors: ApiFieldError[];
  /** The whole JSON body (some errors carry more, e.g. the new prices of `price_changed`). */
  readonly body: Record<string, unknown>;
  /** status 0 because our own signal or timeout ended the request. */
  readonly aborted: boolean;
  readonly timedOut: boolean;

  constructor(status: number, body: Record<string, unknown> = {}, reason: { aborted?: boolean; timedOut?: boolean } = {}) {
    const detail = typeof body.detail === "string" ? body.detail.trim() : "";
    super(detail || (status ? `HTTP ${status}` : "Network error"));
    this.name = "ApiError";
    this.status = status;
    this.code = typeof body.code === "string" ? (body.code as ErrorCode) : undefined;
    this.detail = detail;
    this.errors = Array.isArray(body.errors)
      ? (body.errors as { field?: unknown; message?: unknown }[]).flatMap((item) =>
          item && typeof item.field === "string" && typeof item.message === "string" ? [{ field: item.field, message: item.message }] : [],
        )
      : [];
    this.body = body;
    this.aborted = reason.aborted ?? false;
    this.timedOut = reason.timedOut ?? false;
  }
}

export type ApiInit = {
  /** Default GET, or POST when there is a body. */
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (an upload); the browser sets the multipart content type. */
  form?: FormData;
  signal?: AbortSignal;
  /** Gives up after this long (status 0, `timedOut`). */
  timeoutMs?: number;
  cache?: RequestCache;
  /** A 401 on a write opens the login dialog unless this is false. */
  loginOn401?: boolean;
};

export type ApiResponse<T> = { data: T; headers: Headers; status: number };

function signalOf(init: ApiInit): AbortSignal | undefined {
  if (!init.timeoutMs) return init.signal;
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const outer = init.signal;
  if (!outer) return timeout;
  const both = new AbortController();
  const stop = (source: AbortSignal) => () => both.abort(source.reason);
  if (outer.aborted) both.abort(outer.reason);
  outer.addEventListener("abort", stop(outer), { once: true });
  timeout.addEventListener("abort", stop(timeout), { once: true });
  return both.signal;
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null; // Not JSON (a proxy's error page, for example): the status says enough.
  }
}

/** The call, its JSON answer and headers; throws `ApiError`. */
export async function apiResponse<T>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const method = init.method ?? (init.json !== undefined || init.form ? "POST" : "GET");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
      credentials: "same-origin",
      cache: init.cache,
      signal: signalOf(init),
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : "";
    throw new ApiError(0, {}, { aborted: name === "AbortError" || name === "TimeoutError", timedOut: name === "TimeoutError" });
  }
  const body = await bodyOf(response);
  if (!response.ok) {
    if (response.status === 401 && method !== "GET" && init.loginOn401 !== false && typeof window !== "undefined") {
      window.dispatchEvent(new Event(LOGIN_NEEDED_EVENT));
    }
    throw new ApiError(response.status, body && typeof body === "object" ? (body as Record<string, unknown>) : {});
  }
  if (method === "POST" && typeof window !== "undefined" && ENGAGING.test(path)) window.dispatchEvent(new Event(ENGAGED_EVENT));
  return { data: body as T, headers: response.headers, status: response.status };
}

/** The call's JSON answer; throws `ApiError`. */
export async function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return (await apiResponse<T>(path, init)).data;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; error: ApiError };

/** The call as a result that never throws (for code that branches on the outcome). */
export async function apiResult<T>(path: string, init: ApiInit = {}): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await api<T>(path, init) };
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(0);
    return { ok: false, status: failure.status, error: failure };
  }
}

/** The error's code if it is an ApiError with one. */
export function codeOf(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** The `apiErrors` text of a code (`useTranslations("apiErrors")`, or `getTranslations`). */
export type ApiErrorTexts = (code: ErrorCode) => string;

/**
 * The text to show for a failed call, by its `code` and never by `detail` (English):
 * `known(code)` where the page has a text of its own for that code, else the code's text
 * of the `apiErrors` messages, else `fallback` (the page's own text for the action, also
 * for a server error, where the page's words say more than "something went wrong").
 * components/lib/use-error-text.ts binds `texts` for a component.
 */
export function errorText(
  error: unknown,
  fallback: string,
  texts: ApiErrorTexts,
  known?: (code: ErrorCode) => string | null | undefined,
): string {
  if (!(error instanceof ApiError) || !error.code) return fallback;
  const translated = known?.(error.code);
  if (translated) return translated;
  if (error.code === "internal") return fallback;
  return texts(error.code) || fallback;
}

/**
 * The server's field errors as `{field: message}`, first message per field, keyed by the
 * top-level field (`images.2` → `images`), through `translate` when given.
 */
export function fieldErrorsOf(error: unknown, translate?: (field: string, message: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiError)) return out;
  for (const item of error.errors) {
    const field = item.field.split(".")[0] ?? item.field;
    if (!out[field]) out[field] = translate ? translate(field, item.message) : item.message;
  }
  return out;
}
