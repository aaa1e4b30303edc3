// POST /api/auth/confirm-email {token}: the welcome mail's link confirms the address
// (sets email_verified_at). 400 for an unknown or expired link.
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { route } from "@/lib/domains/route";
import { confirmEmail } from "@/lib/domains/notifications";
import type { DetailJson } from "@/lib/domains/accounts";

export const POST = route({
  auth: "public",
  body: z.object({ token: z.string({ error: "Token is required" }).trim().min(1, "Token is required").max(200) }),
  handler: async ({ body }) => {
    if (!(await confirmEmail(body.token))) {
      throw new AppError("bad_request", "This link is invalid or has expired", { code: "confirm_token_invalid" });
    }
    return { detail: "E-mail address confirmed" } satisfies DetailJson;
  },
});
