/**
 * What an image file really is, by its first bytes, not its name or the type the browser
 * guessed from the name (a text file renamed "foto.jpg" is not a photo). Client-safe;
 * the upload endpoint decodes every image on the server as well.
 */
export type SniffedImageType = "image/jpeg" | "image/png" | "image/webp";

/** Bytes needed to tell the three accepted types apart. */
export const SNIFF_BYTES = 12;

export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}
