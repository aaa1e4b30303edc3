/**
 * Changing a password in Settings. The current password is required and its
 * guesses are limited per account, so a borrowed session cannot be turned into a
 * takeover; the new password ends every other session and bearer token of the user.
 */
import { AppError } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { hashPassword, verifyPassword } from "./auth/password";
import { revokeOtherSessions } from "./auth/sessions";
import { db } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import type { ChangePasswordInput } from "./schemas";

export const CHANGE_PASSWORD_LIMIT = { max: 10, windowSeconds: 15 * 60 };

export async function changePassword(user: User, sessionId: string | null, input: ChangePasswordInput): Promise<{ sessionsEnded: number }> {
  await enforce({ key: `password-change:${user.id}`, ...CHANGE_PASSWORD_LIMIT });
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    const message = "Current password is incorrect";
    throw new AppError("validation", message, { code: "current_password_wrong", errors: [{ field: "current_password", message }] });
  }
  const passwordHash = await hashPassword(input.new_password);
  return db.$transaction(async (tx) => {
    // Only if nobody changed it in the meantime (two tabs, or a reset by mail).
    const { count } = await tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } });
    if (count === 0) throw new AppError("conflict", "The password was changed in the meantime; sign in again", { code: "password_changed" });
    return { sessionsEnded: await revokeOtherSessions(tx, user.id, sessionId, "password_changed") };
  });
}
