-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified_at" TIMESTAMPTZ(3),
ADD COLUMN     "locale" TEXT NOT NULL DEFAULT 'nl',
ADD COLUMN     "mail_preferences" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "to_address" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimed_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "dedupe_key" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE INDEX "auth_sessions_expires_at_idx" ON "auth_sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "account_tokens_token_hash_key" ON "account_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "account_tokens_user_id_purpose_idx" ON "account_tokens"("user_id", "purpose");

-- CreateIndex
CREATE INDEX "account_tokens_expires_at_idx" ON "account_tokens"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_key" ON "mail_outbox"("dedupe_key");

-- CreateIndex
CREATE INDEX "mail_outbox_status_next_attempt_at_idx" ON "mail_outbox"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "mail_outbox_user_id_idx" ON "mail_outbox"("user_id");

-- CreateIndex
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox"("created_at");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Rules Prisma cannot express
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_kind" CHECK (kind IN ('bearer', 'web'));
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose" CHECK (purpose IN ('password_reset', 'email_confirmation'));
ALTER TABLE "users" ADD CONSTRAINT "users_locale" CHECK (locale IN ('nl', 'en'));
ALTER TABLE "users" ADD CONSTRAINT "users_mail_preferences_object" CHECK (jsonb_typeof(mail_preferences) = 'object');
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status" CHECK (status IN ('pending', 'sent', 'failed'));
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_locale" CHECK (locale IN ('nl', 'en'));

-- The audit log stays append-only, with one exception for account deletion (docs/account-data.md
-- section 8): the actor's e-mail address may be replaced by the anonymous form
-- deleted-<id>@deleted.invalid, and nothing else in the row may change.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.actor_email = 'deleted-' || OLD.actor_id::text || '@deleted.invalid'
     AND (NEW.id, NEW.actor_id, NEW.action, NEW.target_type, NEW.target_id, NEW.created_at)
         IS NOT DISTINCT FROM (OLD.id, OLD.actor_id, OLD.action, OLD.target_type, OLD.target_id, OLD.created_at)
     AND NEW.before::text IS NOT DISTINCT FROM OLD.before::text
     AND NEW.after::text IS NOT DISTINCT FROM OLD.after::text THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$ LANGUAGE plpgsql;
