/**
 * The account's settings (Settings tab; GET/PATCH /api/users/me/settings): language,
 * which mails and pushes to receive, and whether the e-mail address is confirmed.
 */
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { isLocale, LOCALES } from "@/lib/platform/i18n/config";
import { MAIL_CATEGORIES, preferencesOf, REQUIRED_CATEGORIES, type MailCategory } from "@/lib/platform/mail/categories";
import { isPushCategory, pushPreferencesOf } from "@/lib/platform/push";
import type { SettingsJson } from "./responses";

export const updateSettingsSchema = z
  .object({
    locale: z.enum(LOCALES, { error: "locale must be nl or en" }).optional(),
    mail_preferences: z
      .record(z.string(), z.boolean({ error: "Each mail preference is true or false" }))
      .optional(),
    push_preferences: z
      .record(z.string(), z.boolean({ error: "Each push preference is true or false" }))
      .optional(),
  })
  .strict();

export type UpdateSettingsInput = z.output<typeof updateSettingsSchema>;

export function settingsOf(user: Pick<User, "locale" | "emailVerifiedAt" | "mailPreferences" | "pushPreferences">): SettingsJson {
  return {
    locale: isLocale(user.locale) ? user.locale : "nl",
    email_verified: user.emailVerifiedAt !== null,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    mail_preferences: preferencesOf(user.mailPreferences),
    required_categories: [...REQUIRED_CATEGORIES],
    push_preferences: pushPreferencesOf(user.pushPreferences),
  };
}

export async function updateSettings(user: User, input: UpdateSettingsInput): Promise<SettingsJson> {
  const changes = input.mail_preferences ?? {};
  for (const [category, on] of Object.entries(changes)) {
    if (!(MAIL_CATEGORIES as readonly string[]).includes(category)) {
      const message = `Unknown mail category: ${category}`;
      throw new AppError("validation", message, { code: "unknown_mail_category", errors: [{ field: `mail_preferences.${category}`, message }] });
    }
    if (!on && REQUIRED_CATEGORIES.includes(category as MailCategory)) {
      const message = "These mails are about your account or your money and cannot be turned off";
      throw new AppError("validation", message, { code: "mail_category_required", errors: [{ field: `mail_preferences.${category}`, message }] });
    }
  }
  const pushChanges = input.push_preferences ?? {};
  for (const category of Object.keys(pushChanges)) {
    if (!isPushCategory(category)) {
      const message = `Unknown push category: ${category}`;
      throw new AppError("validation", message, { code: "unknown_push_category", errors: [{ field: `push_preferences.${category}`, message }] });
    }
  }
  // Merged in the database (jsonb ||), so two toggles at once both count.
  const updated = await db.$transaction(async (tx) => {
    if (input.mail_preferences) {
      await tx.$executeRaw`UPDATE users SET mail_preferences = mail_preferences || ${JSON.stringify(changes)}::jsonb WHERE id = ${user.id}::uuid`;
    }
    if (input.push_preferences) {
      await tx.$executeRaw`UPDATE users SET push_preferences = push_preferences || ${JSON.stringify(pushChanges)}::jsonb WHERE id = ${user.id}::uuid`;
    }
    return tx.user.update({ where: { id: user.id }, data: input.locale ? { locale: input.locale } : {} });
  });
  return settingsOf(updated);
}

/** Turns one optional category off (the unsubscribe link); false when it cannot be. */
export async function unsubscribe(userId: string, category: MailCategory): Promise<boolean> {
  if (REQUIRED_CATEGORIES.includes(category)) return false;
  const user = await db.user.findFirst({ where: { id: userId, deletedAt: null } });
  if (!user) return false;
  await updateSettings(user, { mail_preferences: { [category]: false } });
  return true;
}
