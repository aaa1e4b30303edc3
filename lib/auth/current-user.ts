/**
 * Who is calling: a bearer token (mobile apps, scripts) or the next-auth session
 * cookie (web). Used by the route wrapper and by server components.
 */
import { getToken } from "next-auth/jwt";
import { getServerSession } from "next-auth";
import { findActiveUser } from "@/lib/accounts/service";
import type { User } from "@/lib/db/generated/client";
import { env } from "@/lib/env";
import { authOptions } from "./options";
import { verifyAccessToken } from "./tokens";

export type AuthVia = "bearer" | "cookie";
export type Caller = { user: User; via: AuthVia } | { user: null; via: null; invalidBearer: boolean };

export async function resolveCaller(req: Request): Promise<Caller> {
  const authorization = req.headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    const userId = await verifyAccessToken(authorization.slice(7).trim());
    const user = userId ? await findActiveUser(userId) : null;
    return user ? { user, via: "bearer" } : { user: null, via: null, invalidBearer: true };
  }
  const token = await getToken({
    req: req as Parameters<typeof getToken>[0]["req"],
    secret: env().AUTH_SECRET,
    secureCookie: env().APP_URL.startsWith("https://"),
  });
  const user = token?.sub ? await findActiveUser(token.sub) : null;
  return user ? { user, via: "cookie" } : { user: null, via: null, invalidBearer: false };
}

/** The signed-in, not banned user of a server component or layout, or null. */
export async function currentUser(): Promise<User | null> {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  if (!id) return null;
  const user = await findActiveUser(id);
  return user && !user.isBanned ? user : null;
}
