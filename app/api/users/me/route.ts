// GET, PUT /api/users/me: the signed-in user (their own account).
import { updateProfileSchema } from "@/lib/accounts/schemas";
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
