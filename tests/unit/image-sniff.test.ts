// The sell form checks photos by their first bytes before uploading (not by file name).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SNIFF_BYTES, sniffImageType } from "@/lib/domains/catalog/image-sniff";

const head = (buffer: Buffer) => new Uint8Array(buffer.subarray(0, SNIFF_BYTES));

describe("sniffImageType", () => {
  it("recognises real JPEG, PNG and WebP images", async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } });
    expect(sniffImageType(head(await image.clone().jpeg().toBuffer()))).toBe("image/jpeg");
    expect(sniffImageType(head(await image.clone().png().toBuffer()))).toBe("image/png");
    expect(sniffImageType(head(await image.clone().webp().toBuffer()))).toBe("image/webp");
  });

  it("refuses text, GIF, PDF and empty files whatever their name says", () => {
    for (const content of ["Dit is geen foto", "GIF89a......", "%PDF-1.7 ....", "", "RIFF....WAVE"]) {
      expect(sniffImageType(head(Buffer.from(content))), content).toBeNull();
    }
  });
});
