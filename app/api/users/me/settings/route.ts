// GET, PATCH /api/users/me/settings: language and mail preferences of the account.
import { settingsOf, updateSettings, updateSettingsSchema } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";

export const GET = route({
  auth: "user",
  handler: async ({ user }) => settingsOf(user),
});

export const PATCH = route({
  auth: "user",
  body: updateSettingsSchema,
  handler: async ({ user, body }) => updateSettings(user, body),
});
