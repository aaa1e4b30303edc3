// Issue 13 item 2: a cached page is compressed once and answered with a fresh nonce put
// into the compressed stream (lib/platform/http/gzip-template.ts). Whatever the text, every answer
// must gunzip (with zlib, as a browser would) to the text with that answer's nonce.
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildGzipTemplate, renderGzipTemplate } from "@/lib/platform/http/gzip-template";
import { freshNonce } from "@/lib/platform/http/render-nonce";

const TOKEN = "RenderNonceRenderNonce==";

async function roundTrip(text: string, token = TOKEN) {
  const template = await buildGzipTemplate(Buffer.from(text, "utf8"), token);
  const nonce = freshNonce();
  const gz = Buffer.concat(renderGzipTemplate(template, nonce));
  return { template, nonce, gz, text: gunzipSync(gz).toString("utf8"), expected: text.split(token).join(nonce) };
}

/** A page of the shape Next writes: scripts with the nonce, a long flight payload, Dutch text. */
function page(scripts: number, paragraphs: number): string {
  const parts = ["<!DOCTYPE html><html lang=\"nl\"><head>"];
  for (let i = 0; i < scripts; i++) parts.push(`<script src="/_next/static/chunks/${i.toString(36)}x.js" async="" nonce="${TOKEN}"></script>`);
  parts.push("</head><body>");
  for (let i = 0; i < paragraphs; i++) {
    parts.push(`<p>Kinderfiets ${i}, 20 inch, € ${(i * 37) % 500},- ophalen in Utrecht</p>`);
    if (i % 40 === 0) parts.push(`<script nonce="${TOKEN}">self.__next_f.push([1,"${"a".repeat(i % 7)}${i}:I[\\"x\\",[]]\\n"])</script>`);
  }
  parts.push("</body></html>");
  return parts.join("");
}

describe("gzip templates", () => {
  it("each answer is a gzip stream of the page with that answer's nonce, and as long as it says", async () => {
    const text = page(12, 3000);
    const { template, nonce, gz, text: back, expected } = await roundTrip(text);
    expect(back).toBe(expected);
    expect(back).toContain(`nonce="${nonce}"`);
    expect(back).not.toContain(TOKEN);
    expect(gz.length).toBe(template.size);
    // Another answer, another nonce, from the same template.
    const other = freshNonce();
    expect(gunzipSync(Buffer.concat(renderGzipTemplate(template, other))).toString("utf8")).toBe(text.split(TOKEN).join(other));
  });

  it("is about as small as compressing the whole page at once", async () => {
    const text = page(15, 4000);
    const { gz } = await roundTrip(text);
    const whole = gzipSync(Buffer.from(text.split(TOKEN).join(freshNonce()))).length;
    // The pieces refer back across the nonces (dictionaries); what is lost is the nonces'
    // own bytes, stored, and a few bytes per piece (without the dictionaries each piece
    // would start from nothing: several KB more here).
    const nonces = text.split(TOKEN).length - 1;
    expect(gz.length).toBeLessThan(whole + nonces * (TOKEN.length + 16));
    expect(gz.length).toBeLessThan(text.length / 5);
  });

  it("the nonce at the start, at the end, twice in a row, or nowhere", async () => {
    for (const text of [`${TOKEN}<p>a</p>`, `<p>a</p>${TOKEN}`, `${TOKEN}${TOKEN}`, TOKEN, "<p>geen nonce</p>", ""]) {
      const { text: back, expected } = await roundTrip(text);
      expect(back).toBe(expected);
    }
  });

  it("text that repeats pieces of the nonce is not decoded with the answer's nonce in them", async () => {
    // A compressor that saw the render nonce in its dictionary would refer to it for these
    // repeats, and the decoder, which has the fresh nonce there, would write the wrong bytes.
    const text = `<script nonce="${TOKEN}"></script>` + `<i>${TOKEN.slice(2, 20)}</i><b>="${TOKEN.slice(0, 12)}</b>`.repeat(50);
    const { text: back, expected } = await roundTrip(text);
    expect(back).toBe(expected);
  });

  it("text with NUL bytes (no dictionaries then) and a multi-byte nonce neighbourhood still round-trip", async () => {
    const text = `\u0000é${TOKEN}ü\u0000${"ß".repeat(40_000)}${TOKEN}€`;
    const { text: back, expected } = await roundTrip(text);
    expect(back).toBe(expected);
  });

  it("a nonce of another length is refused", async () => {
    const template = await buildGzipTemplate(Buffer.from(`<p>${TOKEN}</p>`), TOKEN);
    expect(() => renderGzipTemplate(template, "short")).toThrow(/length/);
  });
});
