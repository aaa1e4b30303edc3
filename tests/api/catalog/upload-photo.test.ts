import { beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { POST as uploadImage } from "@/app/api/upload-image/route";
import { UPLOAD_LIMIT } from "@/lib/domains/catalog/images";
import { env } from "@/lib/platform/env";
import { NextRequest } from "next/server";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ORIGIN } from "../../support/http";
import { upload } from "../../support/multipart";
import { pngBytes } from "../../support/catalog";

let user: RegisteredUser;

beforeAll(async () => {
  user = await registerUser();
});

function stored(url: string): Buffer {
  return readFileSync(path.join(env().UPLOADS_DIR, url.replace(/^\/uploads\//, "")));
}

/** A JPEG with the seller's home in its GPS EXIF and a camera orientation of 90°. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Kringwaar Phone", Model: "Test 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 5/1 3540/100", GPSLongitudeRef: "E", GPSLongitude: "5/1 7/1 720/100" },
    })
    .toBuffer();
}

/** Whether a TIFF/EXIF block holds the GPS IFD pointer (tag 0x8825, either byte order). */
function hasGpsIfd(exif: Buffer): boolean {
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

describe("POST /api/upload-image", () => {
  it("needs a signed-in user", async () => {
    const res = await upload(uploadImage, await pngBytes());
    expect(res.status).toBe(401);
  });

  it("accepts a PNG named .jpg: the content decides, and it is stored as WebP with a thumbnail", async () => {
    const res = await upload(uploadImage, await pngBytes(2400, 1200), { token: user.token, filename: "vakantie.jpg", type: "image/jpeg" });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/products\/\d{4}\/[0-9a-f-]{36}\.webp$/);
    expect(res.body.thumbnail_url).toBe(res.body.url.replace(/\.webp$/, "-thumb.webp"));
    const main = await sharp(stored(res.body.url)).metadata();
    expect(main).toMatchObject({ format: "webp", width: 1600, height: 800 });
    const thumb = await sharp(stored(res.body.thumbnail_url)).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400, height: 200 });
  });

  it("does not enlarge small images", async () => {
    const res = await upload(uploadImage, await pngBytes(120, 90), { token: user.token, filename: "klein.png" });
    expect(res.status).toBe(201);
    expect(await sharp(stored(res.body.url)).metadata()).toMatchObject({ width: 120, height: 90 });
  });

  it("refuses a text file named .png with a clear reason", async () => {
    const text = new TextEncoder().encode("Dit is geen plaatje, maar een boodschappenlijst.\n");
    const res = await upload(uploadImage, text, { token: user.token, filename: "foto.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("The file is not a JPEG, PNG or WebP image");
    expect(res.body.code).toBe("not_an_image");
  });

  it("refuses image formats other than JPEG, PNG and WebP (a GIF)", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#ff0000" } }).gif().toBuffer();
    const res = await upload(uploadImage, gif, { token: user.token, filename: "anim.gif" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("not_an_image");
  });

  it("refuses a 6 MB image with 413 'Image must be less than 5MB'", async () => {
    // Random pixels do not compress: a real 6 MB PNG.
    const width = 1500;
    const height = 1400;
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
    const big = await sharp(raw, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(6_000_000);
    const res = await upload(uploadImage, big, { token: user.token, filename: "groot.png" });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Image must be less than 5MB");
  });

  it("refuses an oversized body before reading it, on the declared Content-Length", async () => {
    const headers = new Headers({
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(50 * 1024 * 1024),
      authorization: `Bearer ${user.token}`,
      host: "localhost:3000",
    });
    // The stream would never end: only the header check can answer.
    const endless = new ReadableStream({ pull: () => new Promise(() => {}) });
    const req = new NextRequest(new URL("/api/upload-image", ORIGIN), {
      method: "POST",
      headers,
      body: endless,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const res = await uploadImage(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });

  it("strips EXIF and GPS and applies the orientation", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(hasGpsIfd(before.exif!)).toBe(true);
    const res = await upload(uploadImage, original, { token: user.token, filename: "thuis.jpg", type: "image/jpeg" });
    expect(res.status).toBe(201);
    for (const url of [res.body.url, res.body.thumbnail_url]) {
      const meta = await sharp(stored(url)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored(url).includes(Buffer.from("Kringwaar Phone"))).toBe(false);
    }
    // Orientation 6 (rotate 90°): 300 x 200 becomes 200 x 300.
    expect(await sharp(stored(res.body.url)).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it("answers 400 without a file field", async () => {
    const res = await upload(uploadImage, await pngBytes(), { token: user.token, field: "image" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('No file in the field "file"');
  });

  it(`limits uploads to ${UPLOAD_LIMIT.max} per user per 15 minutes`, async () => {
    const busy = await registerUser();
    const { countHit } = await import("@/lib/platform/api/rate-limit");
    for (let i = 0; i < UPLOAD_LIMIT.max; i += 1) await countHit(`upload-image:user:${busy.id}`, UPLOAD_LIMIT.windowSeconds);
    const res = await upload(uploadImage, await pngBytes(), { token: busy.token });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
  });
});
