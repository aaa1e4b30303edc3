/** The one way providers call an HTTP geocoding service. */
import type { ZodType } from "zod";
import { GeocoderUnavailableError } from "./types";

/**
 * GETs `url` and parses the JSON body with `schema`. Every way the service can fail to
 * answer (network error, timeout, a status other than 2xx, a body of an unexpected
 * shape) becomes a GeocoderUnavailableError, so callers only ever see an answer or
 * "unavailable". `url` may carry an API key: it never goes into an error message.
 */
export async function getJson<T>(provider: string, url: URL, timeoutMs: number, schema: ZodType<T>): Promise<T> {
  const unavailable = (reason: string, cause?: unknown) =>
    new GeocoderUnavailableError(provider, isTimeout(cause) ? `no answer within ${timeoutMs} ms` : reason, { cause });

  let body: unknown;
  try {
    // The timeout covers reading the body too: a service that sends headers and then
    // stalls counts as down.
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw unavailable(`HTTP ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) throw error;
    throw unavailable(error instanceof SyntaxError ? "response is not JSON" : "network error", error);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unavailable("unexpected response shape", parsed.error);
  return parsed.data;
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
}
