/**
 * CSP nonces on cached pages (docs/architecture.md, "Security
 * headers").
 *
 * Next puts the nonce of the request's Content-Security-Policy on every script it
 * renders, and a cached page keeps the nonce it was rendered with. So proxy.ts gives
 * every render the same secret *render nonce*, and the HTTP server (scripts/server.ts,
 * `swapRenderNonce`) replaces it, in the policy header and in the HTML and RSC bodies,
 * with a fresh random nonce per response. The render nonce itself never leaves the
 * server: every page response passes through the swap.
 *
 * The render nonce belongs to the build, like the cache it is baked into: a random value
 * kept in `.next/` (RENDER_NONCE_FILE), which scripts/server.ts reads, or creates, and
 * hands to proxy.ts in RENDER_NONCE_ENV. Every server of that build (a restart, a
 * second instance, the end-to-end server next to `npm start`) uses the same one, so a
 * page one of them cached still matches. Without the server in front (`next start`),
 * proxy.ts falls back to one derived from AUTH_SECRET: pages still work, with a nonce
 * that does not change per response.
 *
 * Why this is still a nonce policy: only the scripts Next rendered carry the render
 * nonce (React escapes everything a user wrote), so only they get the fresh one; an
 * injected `<script>` has no nonce and stays blocked.
 */
import { createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ServerResponse } from "node:http";
import { interceptBody, type BodyTransform } from "./body-transform";

/** Where the build's render nonce is kept, inside Next's build folder. */
export const RENDER_NONCE_FILE = "kringwaar-render-nonce";
/** How scripts/server.ts hands it to proxy.ts (same process). */
export const RENDER_NONCE_ENV = "KRINGWAAR_RENDER_NONCE";

/** 128 random bits, base64: the length of every nonce here, so Content-Length stays true. */
export const freshNonce = (): string => randomBytes(16).toString("base64");

const NONCE_SHAPE = /^[A-Za-z0-9+/]{22}==$/;

/** The build's render nonce: read from `distDir`, or made there on the build's first start. */
export function loadRenderNonce(distDir: string): string {
  const file = path.join(distDir, RENDER_NONCE_FILE);
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (NONCE_SHAPE.test(kept)) return kept;
  } catch {
    // Not made yet.
  }
  mkdirSync(distDir, { recursive: true });
  const nonce = freshNonce();
  try {
    // Exclusive: of two servers starting at once, the second reads the first one's.
    writeFileSync(file, nonce, { flag: "wx", mode: 0o600 });
    return nonce;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

/** What proxy.ts renders with: the server's render nonce, else one derived from AUTH_SECRET. */
export function renderNonce(authSecret: string, fromServer: string | undefined = process.env[RENDER_NONCE_ENV]): string {
  if (fromServer && NONCE_SHAPE.test(fromServer)) return fromServer;
  return createHmac("sha256", `${authSecret}:csp-render-nonce`).update("kringwaar").digest().subarray(0, 16).toString("base64");
}

/** The bodies that can carry the nonce: pages and the RSC payloads of navigations. */
const SWAPPED_TYPES = /^(text\/html|text\/x-component)\b/i;

/**
 * Replaces every `token` in a byte stream, also where it spans two chunks, by a
 * replacement of the same length (nonces are), in place on a copy: a chunk without the
 * token passes as it is (it may be Next's cached page, which must not change).
 */
export class TokenSwap implements BodyTransform {
  private carry: Buffer = Buffer.alloc(0);
  private readonly token: Buffer;
  private readonly replacement: Buffer;

  constructor(token: string, replacement: string) {
    this.token = Buffer.from(token, "latin1");
    this.replacement = Buffer.from(replacement, "latin1");
    if (this.token.length !== this.replacement.length || this.token.length === 0) {
      throw new Error("TokenSwap: the token and its replacement must have the same, non-zero length");
    }
  }

  /** The bytes that can be sent now; a tail that may start the token is held back. */
  push(chunk: Buffer): Buffer {
    let data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let at = data.indexOf(this.token);
    if (at !== -1) {
      data = Buffer.from(data);
      while (at !== -1) {
        this.replacement.copy(data, at);
        at = data.indexOf(this.token, at + this.token.length);
      }
    }
    const keep = this.partialTail(data);
    this.carry = keep > 0 ? Buffer.from(data.subarray(data.length - keep)) : Buffer.alloc(0);
    return keep > 0 ? data.subarray(0, data.length - keep) : data;
  }

  /** What is still held back, at the end of the stream. */
  flush(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest;
  }

  /** The length of the longest end of `data` that is a beginning of the token. */
  private partialTail(data: Buffer): number {
    const first = this.token[0];
    for (let n = Math.min(this.token.length - 1, data.length); n > 0; n--) {
      const start = data.length - n;
      if (data[start] === first && data.subarray(start).equals(this.token.subarray(0, n))) return n;
    }
    return 0;
  }
}

/**
 * Headers of a body that carries one visitor's nonce: it loses its ETag (a revalidated
 * copy would keep an old nonce) and may not be kept by shared caches (it also depends on
 * the language cookie).
 */
export function markAsPersonal(res: ServerResponse): void {
  res.removeHeader("etag");
  res.setHeader("cache-control", "private, no-cache");
}

/**
 * Makes `res` carry a fresh nonce where Next wrote the render nonce: in the
 * Content-Security-Policy header of every response and in the body of pages and RSC
 * payloads. Such a body is one visitor's: it loses its ETag (a revalidated copy would
 * keep an old nonce) and may not be kept by shared caches (it also depends on the
 * language cookie). Call before the request reaches Next; returns the fresh nonce.
 */
export function swapRenderNonce(res: ServerResponse, token: string, nonce: string = freshNonce()): string {
  const swapHeader = (value: unknown): unknown =>
    typeof value === "string" ? value.split(token).join(nonce) : Array.isArray(value) ? value.map(swapHeader) : value;

  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    return setHeader(name, name.toLowerCase() === "content-security-policy" ? (swapHeader(value) as string) : value);
  };

  interceptBody(res, () => {
    const csp = res.getHeader("content-security-policy");
    if (csp !== undefined) setHeader("content-security-policy", swapHeader(csp) as string);
    const type = String(res.getHeader("content-type") ?? "");
    const swap = SWAPPED_TYPES.test(type) && !res.getHeader("content-encoding") ? new TokenSwap(token, nonce) : null;
    if (swap && !res.headersSent) markAsPersonal(res);
    return swap;
  });

  // Headers handed to writeHead become set headers first, so that the choice above sees them.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const arg of args) {
      if (arg && typeof arg === "object" && !Array.isArray(arg)) {
        const headers = arg as Record<string, unknown>;
        for (const key of Object.keys(headers)) {
          if (key.toLowerCase() === "content-security-policy") headers[key] = swapHeader(headers[key]);
          else res.setHeader(key, headers[key] as string);
        }
        for (const key of Object.keys(headers)) if (key.toLowerCase() !== "content-security-policy") delete headers[key];
      }
    }
    return writeHead(...args);
  }) as typeof res.writeHead;

  return nonce;
}
