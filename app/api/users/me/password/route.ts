// POST /api/users/me/password: change the password (Settings). Needs the current one;
// every other session and token of the user ends, this one stays signed in.
import { changePasswordSchema } from "@/lib/domains/accounts";
import { changePassword, type PasswordChangedJson } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";

export const POST = route({
  auth: "user",
  body: changePasswordSchema,
  handler: async ({ user, sessionId, body }) => {
    const { sessionsEnded } = await changePassword(user, sessionId, body);
    return { detail: "Password changed", sessions_ended: sessionsEnded } satisfies PasswordChangedJson;
  },
});
