/**
 * Storage key rules shared by all drivers. A key reaches the local driver from a URL
 * path, so these rules are the first guard against path traversal.
 */

// Lower-case only: S3 keys are case-sensitive and local file systems may not be, so
// one spelling per object keeps both drivers addressing the same thing.
const SEGMENT = /^[a-z0-9_.-]+$/;
const MAX_KEY_LENGTH = 255;

export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key
    .split("/")
    .every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..");
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * The content type a key's extension stands for. Drivers without object metadata (local
 * disk) serve by extension; anything unexpected goes out as an opaque download.
 */
export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}
