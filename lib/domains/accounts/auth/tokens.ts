/**
 * Bearer tokens for the mobile apps and scripted clients (docs/accounts.md):
 * HS256 JWTs signed with AUTH_SECRET. The web UI never sees them; it uses next-auth's
 * httpOnly session cookie. Each token names its session (`sid`, an `auth_sessions` row,
 * lib/domains/accounts/auth/sessions.ts): logout revokes exactly that token. Tokens without one (issued
 * before sessions existed) are no longer accepted: the app signs in once more.
 */
import { SignJWT, jwtVerify, errors } from "jose";
import { env } from "@/lib/platform/env";
import { createSession, SESSION_TTL_SECONDS } from "./sessions";

const ISSUER = "kringwaar";
const AUDIENCE = "kringwaar-api";
export const ACCESS_TOKEN_TTL_SECONDS = SESSION_TTL_SECONDS;

function key() {
  return new TextEncoder().encode(env().AUTH_SECRET);
}

/** A new bearer token for the user, with a session of its own. */
export async function issueAccessToken(userId: string): Promise<string> {
  const session = await createSession(userId, "bearer");
  return new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The user and session of a well-signed, unexpired token, or null. */
export async function verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    const sid = payload.sid;
    return typeof payload.sub === "string" && typeof sid === "string" ? { userId: payload.sub, sessionId: sid } : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
