// POST /api/auth/logout: ends the session it is called with: a bearer token stops
// working at once (other tokens and web sessions of the user stay). The web's own
// sign-out goes through next-auth, which revokes the cookie's session the same way.
import { route } from "@/lib/domains/route";
import { revokeSession } from "@/lib/domains/accounts";

export const POST = route({
  auth: "user",
  handler: async ({ user, sessionId }) => {
    if (sessionId) await revokeSession(user.id, sessionId);
    return new Response(null, { status: 204 });
  },
});
