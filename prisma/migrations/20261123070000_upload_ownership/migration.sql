-- Uploads belong to their uploader until a listing uses them (lib/domains/catalog/images.ts):
-- one row per upload no listing has claimed yet; the escrow job deletes rows (and files)
-- older than a day.
-- CreateTable
CREATE TABLE "uploaded_images" (
    "key" TEXT NOT NULL,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploaded_images_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "uploaded_images_created_at_idx" ON "uploaded_images"("created_at");

-- AddForeignKey
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
