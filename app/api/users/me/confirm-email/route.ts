// POST /api/users/me/confirm-email: mails a new link to confirm the account's address
// (3 per hour; 409 when it is already confirmed).
import { route } from "@/lib/domains/route";
import { resendConfirmation } from "@/lib/domains/notifications";
import type { DetailJson } from "@/lib/domains/accounts";

export const POST = route({
  auth: "user",
  status: 202,
  handler: async ({ user }) => {
    await resendConfirmation(user);
    return { detail: "A new confirmation link is on its way" } satisfies DetailJson;
  },
});
