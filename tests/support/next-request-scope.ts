/**
 * Runs a route handler inside the request scope Next gives it, so that code calling
 * `cookies()` and `headers()` from next/headers (next-auth does) can be called in a
 * test. It uses Next's internal stores (next/dist/server/app-render/*): if an upgrade of
 * Next moves them, this file is what to adapt. Import it before anything from Next:
 * Next's stores take the AsyncLocalStorage of the global when they are first loaded.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { NextRequest } from "next/server";

(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

export async function inRequestScope<T>(req: NextRequest, route: string, run: () => Promise<T>): Promise<T> {
  const { RequestCookies } = await import("next/dist/compiled/@edge-runtime/cookies");
  const { workAsyncStorage } = await import("next/dist/server/app-render/work-async-storage.external");
  const { workUnitAsyncStorage } = await import("next/dist/server/app-render/work-unit-async-storage.external");
  const workStore = { route, forceStatic: false, dynamicShouldError: false } as never;
  const requestStore = { type: "request", phase: "render", headers: req.headers, cookies: new RequestCookies(req.headers) } as never;
  return workAsyncStorage.run(workStore, () => workUnitAsyncStorage.run(requestStore, run));
}
