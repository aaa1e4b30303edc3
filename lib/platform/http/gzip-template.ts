/**
 * A page compressed once, answered many times with a different nonce in it (a cached
 * page as cheap as a static file).
 *
 * The copies of cached pages (lib/platform/http/page-copies.ts) are the same bytes for every
 * visitor but for the CSP nonce, fresh in every answer (lib/platform/http/render-nonce.ts).
 * Compressing a 240 KB page again for each answer costs a few milliseconds of CPU, most
 * of what such an answer costs. A template instead keeps the page compressed in pieces:
 * the text between two places of the nonce is a run of raw deflate blocks of its own,
 * ended by a sync flush (so it ends on a byte boundary and the next piece can follow), and
 * an answer is the gzip header, the pieces with the nonce between them as stored blocks,
 * a final empty block and the trailer (the CRC-32 of the whole text and its length).
 *
 * Each piece is compressed with the 32 KB of text before it as its dictionary, so it
 * refers back as if the page had been compressed in one go: the home page's template is
 * 1–2 % larger than one gzip stream of it (34.7 against 34.3 KB; its 21 nonces, stored,
 * are most of the difference), where pieces compressed on their own were 24 % larger.
 * Answering from it costs 0.07 ms against 2 ms to compress the page. In that dictionary the nonce's bytes are NUL: the
 * decoder will have the real nonce there, so no back reference may touch them, and none
 * can when the text has no NUL of its own (HTML and Next's payload never do; a page with
 * a NUL is compressed without dictionaries).
 */
import * as zlib from "node:zlib";
import { promisify } from "node:util";

const deflateRaw = promisify(zlib.deflateRaw);
const { constants } = zlib;
/** zlib.crc32 came with Node 20.15 (engines allows 20.9); read at call time. */
const crc32 = (data: Buffer, value: number): number => zlib.crc32(data, value);

/** Whether this Node has zlib.crc32 (20.15 and later); without it there are no templates. */
export const TEMPLATES_SUPPORTED = typeof (zlib as { crc32?: unknown }).crc32 === "function";

/** Deflate's window: how far back a reference may reach. */
const WINDOW = 32 * 1024;

/** gzip's header: magic, deflate, no flags, no time, no extra flags, Unix (as Node writes it). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** The last block: fixed Huffman codes, final, holding nothing but its end. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export type GzipTemplate = {
  /** The text between the nonces, uncompressed (for the CRC of each answer). */
  readonly texts: Buffer[];
  /** The same pieces, each as raw deflate blocks ending on a byte boundary. */
  readonly pieces: Buffer[];
  /** The nonce's length: every answer's nonce must have it. */
  readonly tokenLength: number;
  /** The length of every answer, in bytes. */
  readonly size: number;
  /** Bytes held in memory. */
  readonly weight: number;
};

/**
 * Compresses `text`, in which `token` will be replaced by each answer's nonce of the same
 * length, into a template (asynchronously, on libuv's thread pool).
 */
export async function buildGzipTemplate(text: Buffer, token: string, level = 9): Promise<GzipTemplate> {
  const needle = Buffer.from(token, "latin1");
  if (needle.length === 0) throw new Error("buildGzipTemplate: empty token");
  const texts: Buffer[] = [];
  const starts: number[] = [];
  let from = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, from)) {
    texts.push(text.subarray(from, at));
    starts.push(from);
    from = at + needle.length;
  }
  texts.push(text.subarray(from));
  starts.push(from);

  // The page as the decoder will have it, the nonces as NUL: what the dictionaries are cut from.
  const history = Buffer.from(text);
  for (let i = 1; i < starts.length; i++) history.fill(0, starts[i]! - needle.length, starts[i]!);
  const withDictionary = !text.includes(0);

  const pieces = await Promise.all(
    texts.map((piece, i) => {
      const start = starts[i]!;
      const dictionary = withDictionary && start > 0 ? history.subarray(Math.max(0, start - WINDOW), start) : undefined;
      return deflateRaw(piece, { level, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
    }),
  );
  const nonces = texts.length - 1;
  const size =
    GZIP_HEADER.length + pieces.reduce((sum, piece) => sum + piece.length, 0) + nonces * (5 + needle.length) + FINAL_BLOCK.length + 8;
  const weight = pieces.reduce((sum, piece) => sum + piece.length, 0) + text.length;
  // `texts` are views of `text`, which the template keeps whole (counted in `weight`).
  return { texts, pieces, tokenLength: needle.length, size, weight };
}

/** A stored block's header for `length` bytes (not final; after a sync flush, byte-aligned). */
function storedHeader(length: number): Buffer {
  return Buffer.from([0x00, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

/** One answer: the gzip stream of the template's text with `nonce` in every place of the token. */
export function renderGzipTemplate(template: GzipTemplate, nonce: string): Buffer[] {
  const value = Buffer.from(nonce, "latin1");
  if (value.length !== template.tokenLength) throw new Error("renderGzipTemplate: the nonce's length differs from the token's");
  const out: Buffer[] = [GZIP_HEADER];
  const stored = Buffer.concat([storedHeader(value.length), value]);
  let crc = 0;
  let length = 0;
  template.texts.forEach((text, i) => {
    if (i > 0) {
      out.push(stored);
      crc = crc32(value, crc);
      length += value.length;
    }
    out.push(template.pieces[i]!);
    crc = crc32(text, crc);
    length += text.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}
