// POST /api/auth/forgot-password {email}: sends a reset link if the address has an
// account. Always the same answer, as fast for every address: the link and mail are
// made after answering (lib/domains/accounts/password-reset.ts); rate limited.
import { requestPasswordReset, FORGOT_PASSWORD_DETAIL, type DetailJson } from "@/lib/domains/accounts";
import { forgotPasswordSchema } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";

export const POST = route({
  auth: "public",
  body: forgotPasswordSchema,
  handler: async ({ body, ip }) => {
    await requestPasswordReset(body.email, ip);
    return { detail: FORGOT_PASSWORD_DETAIL } satisfies DetailJson;
  },
});
