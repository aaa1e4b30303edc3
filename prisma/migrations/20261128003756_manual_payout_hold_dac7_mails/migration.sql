-- AlterTable
ALTER TABLE "users" ADD COLUMN     "payouts_held_at" TIMESTAMPTZ(3),
ADD COLUMN     "payouts_hold_statement_id" UUID;

-- CreateTable
CREATE TABLE "dac7_statement_mails" (
    "user_id" UUID NOT NULL,
    "year" INTEGER NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "dac7_statement_mails_pkey" PRIMARY KEY ("user_id","year")
);

-- AddForeignKey
ALTER TABLE "dac7_statement_mails" ADD CONSTRAINT "dac7_statement_mails_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
