/**
 * Profile photos (POST and DELETE /api/users/me/photo). The upload goes through the
 * product photos' pipeline (lib/domains/catalog/images.ts: type by content, pixel limit, EXIF
 * orientation, no metadata kept) and is stored as a square 256 px WebP under
 * `profiles/<yyyy>/<uuid>.webp`. `users.profile_image` holds the storage URL, a relative
 * path with the local driver. A new photo gets a new key, so the
 * long browser cache of /uploads never shows an old face; the previous file is deleted.
 */
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { deleteStoredFiles, renderImage, stripOwnOrigin } from "@/lib/platform/storage/images";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "@/lib/platform/storage/image-limits";
import { db, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { storage, type StorageDriver } from "@/lib/platform/storage";

export const PROFILE_PHOTO_PX = 256;
const PROFILE_PHOTO_QUALITY = 82;
/** Per user: plenty to try a few photos, not enough to fill a disk. */
export const PROFILE_PHOTO_LIMIT = { max: 20, windowSeconds: 60 * 60 };

/** Keys this module issues; only those are ever deleted (never a seed's or a product's). */
const PROFILE_KEY = /^profiles\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** The storage key of a profile photo URL we issued, or null (seed images, foreign URLs). */
export function profilePhotoKeyOf(url: string | null, store: StorageDriver = storage()): string | null {
  if (!url) return null;
  const key = store.keyForUrl(stripOwnOrigin(url));
  return key && PROFILE_KEY.test(key) ? key : null;
}

/** Decodes, squares (centre crop) and re-encodes an uploaded photo. */
export function squarePhoto(bytes: Buffer): Promise<Buffer> {
  return renderImage(bytes, (oriented) =>
    oriented
      .resize({ width: PROFILE_PHOTO_PX, height: PROFILE_PHOTO_PX, fit: "cover", position: "attention" })
      .webp({ quality: PROFILE_PHOTO_QUALITY })
      .toBuffer(),
  );
}

/** POST /api/users/me/photo: stores the new photo, points the account at it, deletes the old one. */
export async function setProfilePhoto(user: Pick<User, "id">, bytes: Buffer, store: StorageDriver = storage()): Promise<User> {
  await enforce({ key: `profile-photo:user:${user.id}`, ...PROFILE_PHOTO_LIMIT });
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new AppError("too_large", IMAGE_TOO_LARGE, { code: "image_too_large" });
  }
  // Refused before anything is stored or changed.
  const photo = await squarePhoto(bytes);
  const key = `profiles/${new Date().getUTCFullYear()}/${randomUUID()}.webp`;
  const stored = await store.put(key, photo, "image/webp");
  let swapped: { user: User; previous: string | null };
  try {
    swapped = await swapPhoto(user.id, stored.url);
  } catch (error) {
    await deleteStoredFiles([key], store);
    throw error;
  }
  await deletePhotoFile(swapped.previous, store);
  return swapped.user;
}

/** DELETE /api/users/me/photo: no photo afterwards (also when there was none). */
export async function removeProfilePhoto(user: Pick<User, "id">, store: StorageDriver = storage()): Promise<User> {
  const { user: updated, previous } = await swapPhoto(user.id, null);
  await deletePhotoFile(previous, store);
  return updated;
}

/**
 * Sets the photo under the user's row lock and answers the one it replaced, so two
 * uploads at once each delete exactly the photo they replaced and none is left behind.
 */
function swapPhoto(userId: string, url: string | null): Promise<{ user: User; previous: string | null }> {
  return db.$transaction(async (tx: Tx) => {
    const [row] = await tx.$queryRaw<{ profile_image: string | null }[]>`
      SELECT profile_image FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const user = await tx.user.update({ where: { id: userId }, data: { profileImage: url } });
    return { user, previous: row?.profile_image ?? null };
  });
}

/** After the commit: a failed delete leaves an orphan file (logged), never a broken avatar. */
async function deletePhotoFile(url: string | null, store: StorageDriver) {
  const key = profilePhotoKeyOf(url, store);
  if (key) await deleteStoredFiles([key], store);
}
