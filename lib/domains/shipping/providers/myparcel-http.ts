/**
 * The one way ./myparcel.ts calls the MyParcel API (developer.myparcel.nl, API reference).
 *
 * Why our own small fetch client and not the official `@myparcel/sdk` (4.4.2, tried): its
 * FetchClient never looks at the HTTP status (a 401, 402 or 5xx whose body has no
 * `errors` comes back as if it were the answer: an HTML error page arrives as a string),
 * it puts query values into the URL unencoded ("1234 AB"), and it has no endpoint for
 * labels or for finding a shipment by reference_identifier, and its webhook-subscription
 * body type demands ids the API assigns. What it would add on top of those fixes is the
 * paths and the `{data: {...}}` envelope, which are a few lines here.
 *
 * Authentication as MyParcel documents it: `Authorization: basic base64(API key)` (the
 * reference pages also write `bearer`; the API takes both, their PHP SDK sends `basic`).
 */
import type { ZodType } from "zod";
import { ShippingProviderError } from "./types";

export type MyParcelHttpOptions = {
  apiKey: string;
  /** https://api.myparcel.nl, or a double on loopback in tests. */
  apiUrl: string;
  timeoutMs?: number;
};

export type MyParcelRequest = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  /** JSON, sent as `{data: body}`. */
  body?: unknown;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
};

const USER_AGENT = `Kringwaar/1 Node/${process.versions.node}`;

export function authorizationHeader(apiKey: string): string {
  return `basic ${Buffer.from(apiKey, "utf8").toString("base64")}`;
}

/** MyParcel's error body: `{message, errors: [{code, message, human}]}` (shapes vary). */
function describeError(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(record.errors)) {
    for (const error of record.errors) {
      if (error && typeof error === "object") {
        const item = error as Record<string, unknown>;
        const text = [item.code, item.message ?? item.human].filter((v) => v !== undefined && v !== null).join(" ");
        if (text) parts.push(text);
      }
    }
  }
  if (parts.length === 0 && typeof record.message === "string") parts.push(record.message);
  return parts.length ? parts.join("; ").slice(0, 500) : null;
}

export class MyParcelHttp {
  private readonly baseUrl: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;

  constructor(options: MyParcelHttpOptions) {
    this.baseUrl = options.apiUrl.replace(/\/+$/, "");
    this.authorization = authorizationHeader(options.apiKey);
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  private url(path: string, query: MyParcelRequest["query"]): URL {
    const url = new URL(`${this.baseUrl}/${path.replace(/^\/+/, "")}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** Sends the request; any answer but 2xx becomes a ShippingProviderError. */
  async send(request: MyParcelRequest): Promise<Response> {
    const headers: Record<string, string> = {
      Authorization: this.authorization,
      "User-Agent": USER_AGENT,
      Accept: request.accept ?? "application/json;charset=utf-8",
      ...request.headers,
    };
    if (request.body !== undefined) headers["Content-Type"] = request.contentType ?? "application/json;charset=utf-8";
    const where = `${request.method} /${request.path.replace(/^\/+/, "").split(/[/?]/)[0]}`;
    let response: Response;
    try {
      response = await fetch(this.url(request.path, request.query), {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify({ data: request.body }),
        signal: AbortSignal.timeout(this.timeoutMs),
        cache: "no-store",
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new ShippingProviderError(
        "unavailable",
        `MyParcel ${where}: ${timedOut ? `no answer within ${this.timeoutMs} ms` : "network error"}`,
        { cause: error },
      );
    }
    if (response.ok) return response;

    const text = await response.text().catch(() => "");
    let detail: string | null = null;
    try {
      detail = describeError(JSON.parse(text));
    } catch {
      detail = null;
    }
    const status = response.status;
    const suffix = detail ? `: ${detail}` : "";
    if (status === 401 || status === 403) {
      throw new ShippingProviderError(
        "auth",
        `MyParcel refused the API key (HTTP ${status}) on ${where}: check MYPARCEL_API_KEY${suffix}`,
        { status },
      );
    }
    if (status === 402) {
      throw new ShippingProviderError("refused", `MyParcel wants payment before this label (HTTP 402)${suffix}`, { status });
    }
    const kind = status === 429 || status >= 500 ? "unavailable" : "refused";
    throw new ShippingProviderError(kind, `MyParcel ${where} failed with HTTP ${status}${suffix}`, { status });
  }

  /** A JSON answer parsed with `schema`; a body of another shape counts as unavailable. */
  async json<T>(request: MyParcelRequest, schema: ZodType<T>): Promise<T> {
    const response = await this.send(request);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ShippingProviderError("unavailable", `MyParcel ${request.method} ${request.path}: the answer is not JSON`, { cause: error });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ShippingProviderError("unavailable", `MyParcel ${request.method} ${request.path}: unexpected answer`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  /** A binary answer (labels). */
  async bytes(request: MyParcelRequest): Promise<{ bytes: Uint8Array; contentType: string }> {
    const response = await this.send(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { bytes, contentType: response.headers.get("content-type") ?? "" };
  }
}
