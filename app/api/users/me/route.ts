// GET, PUT, DELETE /api/users/me: the signed-in user (their own account).
import { deleteAccount } from "@/lib/accounts/deletion";
import { deleteAccountSchema, updateProfileSchema } from "@/lib/accounts/schemas";
import { serializeUser } from "@/lib/accounts/serialize";
import { updateProfile } from "@/lib/accounts/service";
import { route } from "@/lib/api/route";

export const GET = route({
  auth: "user",
  handler: async ({ user }) => serializeUser(user),
});

export const PUT = route({
  auth: "user",
  body: updateProfileSchema,
  handler: async ({ user, body }) => serializeUser(await updateProfile(user, body)),
});

// DELETE /api/users/me {password}: deletes the account at once (lib/accounts/deletion.ts);
// 409 with `open` listing the unpaid checkouts and unfinished orders that block it.
export const DELETE = route({
  auth: "user",
  body: deleteAccountSchema,
  handler: async ({ user, body }) => {
    await deleteAccount(user, body.password);
    return new Response(null, { status: 204 });
  },
});
