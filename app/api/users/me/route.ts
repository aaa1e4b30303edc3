// GET, PUT, DELETE /api/users/me: the signed-in user (their own account).
import { deleteAccount } from "@/lib/domains/account-data";
import { deleteAccountSchema, updateProfileSchema } from "@/lib/domains/accounts";
import { serializeUser } from "@/lib/domains/accounts";
import { updateProfile } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";

export const GET = route({
  auth: "user",
  handler: async ({ user }) => serializeUser(user),
});

export const PUT = route({
  auth: "user",
  body: updateProfileSchema,
  handler: async ({ user, body }) => serializeUser(await updateProfile(user, body)),
});

// DELETE /api/users/me {password}: deletes the account at once (lib/domains/account-data/deletion.ts);
// 409 with `open` listing the unpaid checkouts and unfinished orders that block it.
export const DELETE = route({
  auth: "user",
  body: deleteAccountSchema,
  handler: async ({ user, body }) => {
    await deleteAccount(user, body.password);
    return new Response(null, { status: 204 });
  },
});
