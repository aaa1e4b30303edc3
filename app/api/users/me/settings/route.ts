// GET, PATCH /api/users/me/settings: language and mail preferences of the account.
import { settingsOf, updateSettings, updateSettingsSchema } from "@/lib/accounts/settings";
import { route } from "@/lib/api/route";

export const GET = route({
  auth: "user",
  handler: async ({ user }) => settingsOf(user),
});

export const PATCH = route({
  auth: "user",
  body: updateSettingsSchema,
  handler: async ({ user, body }) => updateSettings(user, body),
});
