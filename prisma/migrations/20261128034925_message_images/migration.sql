-- CreateTable
CREATE TABLE "message_images" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "message_images_key_key" ON "message_images"("key");

-- CreateIndex
CREATE INDEX "message_images_message_id_position_idx" ON "message_images"("message_id", "position");

-- AddForeignKey
ALTER TABLE "message_images" ADD CONSTRAINT "message_images_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A photo-only message has an empty text (the service requires text or photos): the
-- text may be empty, but never whitespace alone.
ALTER TABLE "messages" DROP CONSTRAINT "messages_content_not_blank";
ALTER TABLE "messages" ADD CONSTRAINT "messages_content_not_blank" CHECK ("content" = '' OR char_length(btrim("content")) > 0);
