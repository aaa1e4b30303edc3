/**
 * Stored images, whoever owns them (product photos, profile photos): the one decoder
 * every upload goes through, and the storage keys and files behind an image URL.
 */
import sharp, { type Sharp } from "sharp";
import { AppError } from "@/lib/platform/api/errors";
import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { storage, type StorageDriver } from "./index";

/**
 * Refuse images over 50 megapixels before decoding: a small PNG can declare a huge
 * canvas and exhaust memory (a decompression bomb). Phone photos are 12 to 48 MP.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export const NOT_AN_IMAGE = "The file is not a JPEG, PNG or WebP image";

/**
 * The one way an uploaded image is decoded (product photos and profile photos): refuses
 * what is not a JPEG, PNG or WebP by its content, and too many pixels, then hands
 * `render` the decoder with the EXIF orientation applied. sharp writes no metadata unless
 * asked (withMetadata/keepExif), so whatever `render` encodes carries no EXIF or GPS.
 * sharp's errors come out as our AppErrors.
 */
export async function renderImage<T>(bytes: Buffer, render: (oriented: Sharp) => Promise<T>): Promise<T> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let format: string | undefined;
  try {
    format = (await sharp(bytes, options).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw notAnImage();
  try {
    // rotate() without an angle applies the EXIF orientation.
    return await render(sharp(bytes, options).rotate());
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError("too_large", "Image dimensions are too large", { code: "image_too_many_pixels" });
    }
    throw new AppError("bad_request", "The image could not be read. Is the file damaged?", { code: "bad_image" });
  }
}

function notAnImage(): AppError {
  return new AppError("bad_request", NOT_AN_IMAGE, { code: "not_an_image" });
}

export function thumbKeyFor(key: string): string {
  return key.replace(/\.webp$/, "-thumb.webp");
}

/** The storage keys behind an image row (main and thumbnail), for deleting them. */
export function storedKeysOf(image: { url: string; thumbUrl: string | null }, store: StorageDriver = storage()): string[] {
  return [image.url, image.thumbUrl]
    .filter((url): url is string => url !== null)
    .map((url) => store.keyForUrl(url))
    .filter((key): key is string => key !== null);
}

/** Deletes stored files, logging rather than failing: the database change already happened. */
export async function deleteStoredFiles(keys: string[], store: StorageDriver = storage()): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => store.delete(key)));
  const failed = results.filter((result) => result.status === "rejected");
  if (failed.length > 0) {
    log().warn({ failed: failed.length, keys }, "could not delete some product images; they are orphans now");
  }
}

export function stripOwnOrigin(url: string): string {
  const origin = env().APP_URL;
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}
