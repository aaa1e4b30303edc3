/**
 * next-auth (v4) for the web: a credentials provider that uses the same check as
 * POST /api/auth/login, and a JWT session in an httpOnly cookie. The session callback
 * reads the user from the database, so renames show at once and bans end sessions.
 */
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate } from "../service";
import { loginSchema } from "../schemas";
import { AppError } from "@/lib/platform/api/errors";
import { clientIp } from "@/lib/platform/api/client-ip";
import { env } from "@/lib/platform/env";
import { createSession, endedReason, revokeSession, SESSION_TTL_SECONDS, userOfSession } from "./sessions";

export const SESSION_MAX_AGE_SECONDS = SESSION_TTL_SECONDS;

export function authOptions(): NextAuthOptions {
  return {
    secret: env().AUTH_SECRET,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/", error: "/" },
    providers: [
      CredentialsProvider({
        name: "credentials",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, req) {
          const parsed = loginSchema.safeParse(credentials ?? {});
          if (!parsed.success) throw new Error("invalid_credentials");
          const headers = new Headers(
            Object.entries(req?.headers ?? {}).flatMap(([k, v]) =>
              typeof v === "string" ? [[k, v] as [string, string]] : [],
            ),
          );
          try {
            const user = await authenticate(parsed.data, clientIp(headers, env().TRUST_PROXY_HOPS));
            return { id: user.id, name: user.name, email: user.email };
          } catch (error) {
            // next-auth passes the message to the client as `error`: send the code,
            // which the dialog translates.
            if (error instanceof AppError) throw new Error(error.code ?? error.message);
            throw error;
          }
        },
      }),
    ],
    events: {
      async signOut({ token }) {
        if (token?.sub && typeof token.sid === "string") await revokeSession(token.sub, token.sid);
      },
    },
    callbacks: {
      // A sign-in opens a session row (lib/domains/accounts/auth/sessions.ts) whose id the cookie carries;
      // logout, a password change or deletion revokes it, and the cookie stops working.
      async jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = (await createSession(user.id, "web")).id;
        }
        return token;
      },
      async session({ session, token }) {
        const sid = typeof token.sid === "string" ? token.sid : null;
        const user = token.sub && sid ? await userOfSession(token.sub, sid) : null;
        if (!user || user.isBanned) {
          // The browser learns why it is signed out (the /logged-out page), not just that it is.
          const ended = token.sub && sid ? await endedReason(token.sub, sid) : null;
          return { expires: session.expires, ...(ended ? { ended } : {}) } as typeof session;
        }
        session.user = {
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.profileImage,
          isAdmin: user.isAdmin,
        };
        return session;
      },
    },
  };
}
