/**
 * Errors a service may throw. The route wrapper maps them to `{detail}` JSON with the
 * statuses of docs/api.md. `detail` is a human message (English, the API
 * contract); `code` is a stable machine reason the web UI translates, one of the list in
 * ./error-codes.ts (an unknown code does not compile).
 */
import type { ErrorCode } from "./error-codes";

export type { ErrorCode };
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  uri_too_long: 414,
  validation: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;

/** `detail` of a 503 with code "busy": asking again in a moment is safe (route.ts, scripts/server.ts). */
export const BUSY_DETAIL = "Busy right now, please try again in a moment";

export type FieldError = { field: string; message: string };

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** More JSON fields for the body (e.g. the open orders that block a deletion). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    kind: ErrorKind,
    detail: string,
    options: { code: ErrorCode; errors?: FieldError[]; retryAfterSeconds?: number; extra?: Record<string, unknown> },
  ) {
    super(detail);
    this.name = "AppError";
    this.kind = kind;
    this.code = options.code;
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const notFound = (detail: string, code: ErrorCode) => new AppError("not_found", detail, { code });
export const forbidden = (detail: string, code: ErrorCode) => new AppError("forbidden", detail, { code });
export const conflict = (detail: string, code: ErrorCode) => new AppError("conflict", detail, { code });
