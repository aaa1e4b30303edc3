/**
 * What the route wrapper needs from the domains without importing them: who the caller
 * is, whether a signed-in user may act at all, and what to do after an answer. The
 * accounts and catalog domains register these at start-up (lib/domains/register.ts,
 * imported by lib/domains/route.ts, which is what route files import), so the platform
 * layer never imports a domain.
 */
import type { User } from "@/lib/platform/db/generated/client";
import type { AppError } from "./errors";

export type AuthVia = "bearer" | "cookie";

/**
 * `sessionId`: the bearer token's or web cookie's session. `ended`: why a token or
 * cookie that named a session no longer lets its holder in ("password_changed", …),
 * added to the 401 as `reason` so the device can say why it was logged out.
 */
export type Caller =
  | { user: User; via: AuthVia; sessionId: string }
  | { user: null; via: null; sessionId: null; invalidBearer: boolean; ended?: string | null };

export type RouteHooks = {
  /** Who is calling (bearer token or session cookie); the user row read afresh. */
  resolveCaller: (req: Request) => Promise<Caller>;
  /** Why this signed-in user may not use routes that need a user (a ban), or null. */
  refuseUser: (user: User) => AppError | null;
  /**
   * Runs after every answer, with its method, path, status and signed-in caller (e.g.
   * dropping cached pages, forgetting a cached caller after a write).
   */
  afterResponse: ((method: string, pathname: string, status: number, caller: User | null) => void)[];
};

const hooks: Partial<Omit<RouteHooks, "afterResponse">> & Pick<RouteHooks, "afterResponse"> = { afterResponse: [] };

export function registerCallerResolver(resolve: RouteHooks["resolveCaller"], refuse: RouteHooks["refuseUser"]): void {
  hooks.resolveCaller = resolve;
  hooks.refuseUser = refuse;
}

export function registerAfterResponse(hook: RouteHooks["afterResponse"][number]): void {
  if (!hooks.afterResponse.includes(hook)) hooks.afterResponse.push(hook);
}

export function afterResponseHooks(): RouteHooks["afterResponse"] {
  return hooks.afterResponse;
}

export function routeHooks(): RouteHooks {
  if (!hooks.resolveCaller || !hooks.refuseUser) {
    throw new Error("No caller resolver registered: import route from @/lib/domains/route, not from the platform");
  }
  return hooks as RouteHooks;
}
