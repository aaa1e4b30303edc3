/**
 * Product images: the upload (POST /api/upload-image) and the rules for which image URLs
 * a listing may use. Every upload is decoded and re-encoded by sharp, so what we store
 * and serve is always a clean WebP we made ourselves: auto-rotated, without EXIF or GPS
 * (phones put the seller's home coordinates in there), bounded in size.
 */
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { db, type Tx } from "@/lib/platform/db/client";
import { storage, type StorageDriver } from "@/lib/platform/storage";
import { deleteStoredFiles, renderImage, stripOwnOrigin, thumbKeyFor } from "@/lib/platform/storage/images";
import { LISTING_MESSAGES, MAX_IMAGE_BYTES } from "./limits";

export const IMAGE_MAX_EDGE_PX = 1600;
export const THUMB_MAX_EDGE_PX = 400;
const WEBP_QUALITY = 82;
const THUMB_QUALITY = 75;

/** Per user: five photos for each of twelve listings in 15 minutes is plenty. */
export const UPLOAD_LIMIT = { max: 60, windowSeconds: 15 * 60 };

/** Keys our upload issues: `products/<yyyy>/<uuid>.webp` (the thumbnail adds -thumb). */
const UPLOAD_KEY = /^products\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

export type UploadedImage = { url: string; thumbnail_url: string };

/**
 * Checks, re-encodes and stores one uploaded image for `userId`. The type is decided by
 * the content alone; the file name and the declared type are ignored.
 */
export async function uploadProductImage(
  userId: string,
  bytes: Buffer,
  store: StorageDriver = storage(),
): Promise<UploadedImage> {
  await enforce({ key: `upload-image:user:${userId}`, ...UPLOAD_LIMIT });
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError("too_large", LISTING_MESSAGES.imageTooLarge, { code: "image_too_large" });
  }
  const { full, thumb } = await reencode(bytes);
  const key = `products/${new Date().getUTCFullYear()}/${randomUUID()}.webp`;
  // The ownership row first: if storing fails, the job deletes a row without files,
  // never leaves files without an owner.
  await db.uploadedImage.create({ data: { key, userId } });
  // The thumbnail first: a listing checks the main key, so a main image never exists
  // without its thumbnail.
  const storedThumb = await store.put(thumbKeyFor(key), thumb, "image/webp");
  const stored = await store.put(key, full, "image/webp");
  return { url: stored.url, thumbnail_url: storedThumb.url };
}

/** The main image (at most 1600 px) and the thumbnail (at most 400 px), both WebP. */
export async function reencode(bytes: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  return renderImage(bytes, async (oriented) => {
    const [full, thumb] = await Promise.all([
      oriented
        .clone()
        .resize({ width: IMAGE_MAX_EDGE_PX, height: IMAGE_MAX_EDGE_PX, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
      oriented
        .clone()
        .resize({ width: THUMB_MAX_EDGE_PX, height: THUMB_MAX_EDGE_PX, fit: "inside", withoutEnlargement: true })
        .webp({ quality: THUMB_QUALITY })
        .toBuffer(),
    ]);
    return { full, thumb };
  });
}

/**
 * The storage key of an image URL our upload issued, or null. Absolute URLs on our own
 * origin are accepted too (mobile apps prefix the host).
 */
export function uploadedKeyOf(url: string, store: StorageDriver = storage()): string | null {
  const key = store.keyForUrl(stripOwnOrigin(url));
  return key && UPLOAD_KEY.test(key) ? key : null;
}

/** How long an upload may wait for a listing before the escrow job deletes it. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Whether `userId` may put the unclaimed upload `key` in a listing: only its uploader may
 * (an upload URL is not a secret; it shows in the uploader's browser and logs).
 */
export async function ownsUpload(userId: string, key: string): Promise<boolean> {
  const row = await db.uploadedImage.findUnique({ where: { key }, select: { userId: true } });
  return row !== null && row.userId === userId;
}

/**
 * Claims uploads for a listing inside its transaction: the rows go, so neither another
 * listing nor the cleanup job can take them. False when one was no longer there (the
 * job deleted it in the meantime, or it was not this user's).
 */
export async function claimUploads(tx: Tx, userId: string, keys: string[]): Promise<boolean> {
  if (keys.length === 0) return true;
  const claimed = await tx.uploadedImage.deleteMany({ where: { key: { in: keys }, userId } });
  return claimed.count === keys.length;
}

/**
 * Deletes uploads that no listing claimed within a day, rows and files (escrow job,
 * housekeeping). The row is deleted first and in one statement, so a listing claiming the
 * same upload at that moment either got it (the row is gone, we skip it) or gets
 * "Image not found" (we took it). Returns how many uploads were deleted.
 */
export async function purgeUnusedUploads(now: Date = new Date(), store: StorageDriver = storage()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_TTL_MS);
  let total = 0;
  for (;;) {
    const rows = await db.$queryRaw<{ key: string }[]>`
      DELETE FROM uploaded_images
       WHERE key IN (SELECT key FROM uploaded_images WHERE created_at < ${cutoff}
                      ORDER BY created_at LIMIT 200 FOR UPDATE SKIP LOCKED)
      RETURNING key`;
    if (rows.length === 0) return total;
    total += rows.length;
    await deleteStoredFiles(rows.flatMap((row) => [row.key, thumbKeyFor(row.key)]), store);
  }
}

