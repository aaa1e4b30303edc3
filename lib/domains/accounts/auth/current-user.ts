/**
 * Who is calling: a bearer token (mobile apps, scripts) or the next-auth session
 * cookie (web). Used by the route wrapper and by server components.
 */
import { getToken } from "next-auth/jwt";
import { getServerSession } from "next-auth";
import { findActiveUser } from "../service";
import type { User } from "@/lib/platform/db/generated/client";
import type { Caller } from "@/lib/platform/api/hooks";
import { env } from "@/lib/platform/env";
import { cachedCaller } from "./caller-cache";
import { authOptions } from "./options";
import { endedReason, userOfSession } from "./sessions";
import { verifyAccessToken } from "./tokens";

export type {  Caller };

/** Who is calling; a GET's caller may come from the instance's short cache (caller-cache.ts). */
export function resolveCaller(req: Request): Promise<Caller> {
  return cachedCaller(req, resolveCallerAfresh);
}

async function resolveCallerAfresh(req: Request): Promise<Caller> {
  const authorization = req.headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    const claims = await verifyAccessToken(authorization.slice(7).trim());
    const user = claims ? await userOfSession(claims.userId, claims.sessionId) : null;
    if (user && claims) return { user, via: "bearer", sessionId: claims.sessionId };
    const ended = claims ? await endedReason(claims.userId, claims.sessionId) : null;
    return { user: null, via: null, sessionId: null, invalidBearer: true, ended };
  }
  const token = await getToken({
    req: req as Parameters<typeof getToken>[0]["req"],
    secret: env().AUTH_SECRET,
    secureCookie: env().APP_URL.startsWith("https://"),
  });
  const sid = typeof token?.sid === "string" ? token.sid : null;
  const user = token?.sub && sid ? await userOfSession(token.sub, sid) : null;
  if (user && sid) return { user, via: "cookie", sessionId: sid };
  const ended = token?.sub && sid ? await endedReason(token.sub, sid) : null;
  return { user: null, via: null, sessionId: null, invalidBearer: false, ended };
}

/** The signed-in, not banned user of a server component or layout, or null. */
export async function currentUser(): Promise<User | null> {
  const session = await getServerSession(authOptions());
  // The session callback (lib/domains/accounts/auth/options.ts) has checked the cookie's session.
  const id = session?.user?.id;
  if (!id) return null;
  const user = await findActiveUser(id);
  return user && !user.isBanned ? user : null;
}
