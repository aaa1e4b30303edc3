-- AlterTable
ALTER TABLE "auth_sessions" ADD COLUMN     "revoked_reason" TEXT;

-- Why a session was ended, told to the device that held it (lib/domains/accounts/auth/sessions.ts).
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_revoked_reason" CHECK ("revoked_reason" IN ('logout', 'password_changed', 'password_reset'));
