/**
 * Whose read a request is, for the admission gate's turns (./admission.ts): the signed-in
 * user when the request proves one, else the client address our proxies vouch for.
 *
 * A user is taken only from a credential that verifies with AUTH_SECRET: a bearer token's
 * HS256 signature, or next-auth's encrypted session cookie. A made-up token names no user,
 * so rotating them gains a client no more turns than its address has. Whether the session
 * is still valid is not checked here (the route and the page do that, every time): a
 * signed-out token only keeps its holder in the line of the user it once named. Verified
 * credentials are remembered for a minute, so a page's many reads verify once.
 */
import type { IncomingMessage } from "node:http";
import { jwtVerify } from "jose";
import { decode } from "next-auth/jwt";
import { forwardedEntries } from "@/lib/platform/api/client-ip";

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];
const REMEMBER_MS = 60_000;
const REMEMBERED_MAX = 10_000;

/** The client address a request came from, after scripts/server.ts rewrote X-Forwarded-For. */
export function clientAddressOf(req: IncomingMessage): string {
  return forwardedEntries(req.headers["x-forwarded-for"])[0] ?? req.socket.remoteAddress ?? "unknown";
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

export type ClientKeys = { keyOf(req: IncomingMessage): Promise<string> };

/** Client keys verified with `secret` (AUTH_SECRET). */
export function clientKeys(secret: string): ClientKeys {
  const key = new TextEncoder().encode(secret);
  const remembered = new Map<string, { user: string | null; until: number }>();

  const userOf = async (credential: string, verify: () => Promise<string | null>): Promise<string | null> => {
    const now = Date.now();
    const known = remembered.get(credential);
    if (known && known.until > now) return known.user;
    const user = await verify().catch(() => null);
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(credential, { user, until: now + REMEMBER_MS });
    return user;
  };

  return {
    async keyOf(req) {
      const authorization = req.headers.authorization;
      let user: string | null = null;
      if (authorization?.toLowerCase().startsWith("bearer ")) {
        const token = authorization.slice(7).trim();
        user = await userOf(token, async () => {
          const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"] });
          return typeof payload.sub === "string" ? payload.sub : null;
        });
      } else {
        for (const name of SESSION_COOKIES) {
          const token = cookieValue(req.headers.cookie, name);
          if (!token) continue;
          user = await userOf(token, async () => {
            const payload = await decode({ token, secret });
            return typeof payload?.sub === "string" ? payload.sub : null;
          });
          break;
        }
      }
      return user ? `user:${user}` : `address:${clientAddressOf(req)}`;
    },
  };
}
