/**
 * Photos in chat messages (docs/messaging.md). The same rules as listing photos: the type
 * is decided by the content (sniffed, then decoded by the catalogue's re-encoder, which
 * refuses anything but JPEG, PNG and WebP), at most 5 MB each, and what is stored is a
 * clean WebP we made ourselves, without EXIF or GPS. Unlike listing photos they are not
 * public: they live under `chat/` in the same storage, and only the conversation's two
 * participants (and admins, who read conversations when deciding a dispute) can fetch
 * them, through GET /api/messages/images/{id}.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { AppError, notFound } from "@/lib/platform/api/errors";
import { readMultipartForm } from "@/lib/platform/api/multipart";
import { enforce } from "@/lib/platform/api/rate-limit";
import { isUuid } from "@/lib/platform/api/ids";
import { db } from "@/lib/platform/db/client";
import { storage, type StorageDriver } from "@/lib/platform/storage";
import { NOT_AN_IMAGE, deleteStoredFiles, thumbKeyFor } from "@/lib/platform/storage/images";
import { LISTING_MESSAGES, MAX_IMAGE_BYTES, reencodeImage, sniffImageType } from "@/lib/domains/catalog";

/** Photos per message: a few, like the other marketplaces' chats. */
export const CHAT_IMAGES_MAX = 4;
export const TOO_MANY_CHAT_IMAGES = `At most ${CHAT_IMAGES_MAX} photos per message`;
/** Per user, chat photos in 15 minutes (listing uploads have their own budget). */
export const CHAT_IMAGE_LIMIT = { max: 60, windowSeconds: 15 * 60 };
export const MESSAGE_IMAGE_NOT_FOUND = "Image not found";

/** A stored photo, before its message row exists. */
export type StoredChatImage = { key: string; width: number; height: number };

/** The text and photos of a multipart message: `content` and up to four files in `images`. */
export async function readMessageForm(req: Request): Promise<{ content: string; files: Buffer[] }> {
  const form = await readMultipartForm(req, CHAT_IMAGES_MAX * MAX_IMAGE_BYTES, LISTING_MESSAGES.imageTooLarge);
  const content = form.get("content");
  const files: Buffer[] = [];
  const values = form.getAll("images");
  if (values.length > CHAT_IMAGES_MAX) {
    throw new AppError("validation", TOO_MANY_CHAT_IMAGES, { code: "too_many_images", errors: [{ field: "images", message: TOO_MANY_CHAT_IMAGES }] });
  }
  for (const value of values) {
    if (typeof value === "string") throw new AppError("bad_request", "images must be files", { code: "no_file" });
    if (value.size > MAX_IMAGE_BYTES) throw new AppError("too_large", LISTING_MESSAGES.imageTooLarge, { code: "image_too_large" });
    files.push(Buffer.from(await value.arrayBuffer()));
  }
  return { content: typeof content === "string" ? content : "", files };
}

/**
 * Checks, re-encodes and stores the photos of one message; nothing is stored unless all
 * of them pass. The caller deletes them (`dropChatImages`) if the message is not written.
 */
export async function storeChatImages(userId: string, files: Buffer[], store: StorageDriver = storage()): Promise<StoredChatImage[]> {
  if (files.length === 0) return [];
  for (const bytes of files) {
    if (!sniffImageType(bytes.subarray(0, 12))) throw new AppError("bad_request", NOT_AN_IMAGE, { code: "not_an_image" });
  }
  const encoded = [];
  for (const bytes of files) encoded.push(await reencodeImage(bytes));
  for (let i = 0; i < files.length; i++) await enforce({ key: `chat-image:user:${userId}`, ...CHAT_IMAGE_LIMIT });
  const stored: StoredChatImage[] = [];
  try {
    for (const { full, thumb } of encoded) {
      const key = `chat/${new Date().getUTCFullYear()}/${randomUUID()}.webp`;
      const { width = 0, height = 0 } = await sharp(full).metadata();
      await store.put(thumbKeyFor(key), thumb, "image/webp");
      await store.put(key, full, "image/webp");
      stored.push({ key, width, height });
    }
  } catch (error) {
    await dropChatImages(stored, store);
    throw error;
  }
  return stored;
}

export async function dropChatImages(images: StoredChatImage[], store: StorageDriver = storage()): Promise<void> {
  await deleteStoredFiles(images.flatMap((image) => [image.key, thumbKeyFor(image.key)]), store);
}

export type MessageImageJson = { id: string; url: string; thumbnail_url: string; width: number; height: number };

export function serializeMessageImage(image: { id: string; width: number; height: number }): MessageImageJson {
  const url = `/api/messages/images/${image.id}`;
  return { id: image.id, url, thumbnail_url: `${url}?size=thumb`, width: image.width, height: image.height };
}

/**
 * GET /api/messages/images/{id}: the photo for one of the conversation's participants or
 * an admin; 404 for anyone else, as for an unknown id.
 */
export async function messageImageFile(
  viewer: { id: string; isAdmin: boolean },
  id: string,
  size: "full" | "thumb",
  store: StorageDriver = storage(),
): Promise<Response> {
  const row = isUuid(id)
    ? await db.messageImage.findUnique({
        where: { id },
        select: { key: true, message: { select: { conversation: { select: { buyerId: true, sellerId: true } } } } },
      })
    : null;
  const conversation = row?.message.conversation;
  if (!row || !conversation || (conversation.buyerId !== viewer.id && conversation.sellerId !== viewer.id && !viewer.isAdmin)) {
    throw notFound(MESSAGE_IMAGE_NOT_FOUND, "image_not_found");
  }
  const file = await store.get(size === "thumb" ? thumbKeyFor(row.key) : row.key);
  if (!file) throw notFound(MESSAGE_IMAGE_NOT_FOUND, "image_not_found");
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.body.length),
      // Private: the browser may keep it, shared caches may not (keys are never reused).
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
