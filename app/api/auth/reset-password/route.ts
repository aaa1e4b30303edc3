// POST /api/auth/reset-password {token, password}: sets a new password with the link's
// token (single use, one hour) and ends every session and token of the account. Anyone;
// limited per client (429), and an unknown token is refused before any password hashing.
// GET ?token=… says whether the link still works ({valid}), without using it up, so the
// page (and the apps) can say "used or expired" before asking for a password.
import { checkResetLink, resetPassword, resetTokenQuerySchema, type DetailJson } from "@/lib/domains/accounts";
import { resetPasswordSchema } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";

export const GET = route({
  auth: "public",
  query: resetTokenQuerySchema,
  handler: async ({ query, ip }) => {
    return checkResetLink(query.token, ip);
  },
});

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  handler: async ({ body, ip }) => {
    await resetPassword(body, ip);
    return { detail: "Your password has been changed. You can now log in." } satisfies DetailJson;
  },
});
