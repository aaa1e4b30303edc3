// POST /api/auth/reset-password {token, password}: sets a new password with the link's
// token (single use, one hour) and ends every session and token of the account. Anyone;
// limited per client (429), and an unknown token is refused before any password hashing.
import { resetPassword } from "@/lib/domains/accounts";
import { resetPasswordSchema } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  handler: async ({ body, ip }) => {
    await resetPassword(body, ip);
    return { detail: "Your password has been changed. You can now log in." };
  },
});
