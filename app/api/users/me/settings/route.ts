// GET, PATCH /api/users/me/settings: language and mail preferences of the account.
import { settingsOf, updateSettings, updateSettingsSchema } from "@/lib/domains/accounts/settings";
import { route } from "@/lib/platform/api/route";

export const GET = route({
  auth: "user",
  handler: async ({ user }) => settingsOf(user),
});

export const PATCH = route({
  auth: "user",
  body: updateSettingsSchema,
  handler: async ({ user, body }) => updateSettings(user, body),
});
