/**
 * Bearer tokens for the mobile apps and scripted clients (DECISIONS.md section 3):
 * HS256 JWTs signed with AUTH_SECRET. The web UI never sees them; it uses next-auth's
 * httpOnly session cookie.
 */
import { SignJWT, jwtVerify, errors } from "jose";
import { env } from "@/lib/env";

const ISSUER = "kringwaar";
const AUDIENCE = "kringwaar-api";
export const ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

function key() {
  return new TextEncoder().encode(env().AUTH_SECRET);
}

export async function issueAccessToken(userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The user id of a valid token, or null for an invalid or expired one. */
export async function verifyAccessToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ["HS256"],
    });
    return typeof payload.sub === "string" ? payload.sub : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
