/**
 * A short-lived copy, in scripts/server.ts, of the cached public pages Next served
 * ("micro-caching"): a visit within PAGE_COPY_SECONDS of the last
 * one is answered from memory without Next, as cheaply as a static file. What Next
 * caches, and when it renders again, does not change; this only spares Next the work
 * of serving the same cache entry again and again.
 *
 * - Only a plain GET of a page that Next itself served from its page cache
 *   (`x-nextjs-cache`) with 200 and no cookie is copied, per language and URL. Navigations
 *   inside the app (RSC requests) and everything else go to Next.
 * - The copy is Next's own output, with the render nonce: every answer from it passes
 *   through the nonce swap and compression like any other (lib/platform/http/render-nonce.ts),
 *   except that a page is also kept compressed as a template (lib/platform/http/gzip-template.ts),
 *   made once per copy in the background: a client that takes gzip is answered from it
 *   with its fresh nonce put in, without compressing the page again.
 * - A change that drops Next's cached pages drops the copies too (dropPageCopies, called
 *   by lib/domains/catalog/page-cache.ts in the same process), and a copy of a response that
 *   began before the latest drop is never kept.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { renderGzipTemplate, type GzipTemplate } from "./gzip-template";
import { LOCALE_COOKIE, resolveLocale } from "@/lib/platform/i18n/config";
import { markAsPersonal } from "./render-nonce";

export const PAGE_COPY_SECONDS = 10;
const MAX_COPIES = 500;
/** A page larger than this is not copied, and all copies together stay under MAX_TOTAL. */
const MAX_BYTES = 1024 * 1024;
const MAX_TOTAL = 64 * 1024 * 1024;

type Copy = {
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  expires: number;
  /** The page compressed once, with the render nonce's places left open; made after the copy. */
  template?: GzipTemplate;
};

/** Makes a copy's template from its body and content type, or null when it gets none. */
export type Templater = (body: Buffer, contentType: string) => Promise<GzipTemplate> | null;

const copies = new Map<string, Copy>();
let total = 0;
let lastDrop = 0;
let templater: Templater | undefined;

const weight = (copy: Copy) => copy.body.length + (copy.template?.weight ?? 0);

function forget(key: string): void {
  const copy = copies.get(key);
  if (!copy) return;
  total -= weight(copy);
  copies.delete(key);
}

/** Makes room for `bytes` more: the oldest copies go first (a Map keeps the order in which keys were set). */
function makeRoom(bytes: number): void {
  while (copies.size > 0 && (copies.size >= MAX_COPIES || total + bytes > MAX_TOTAL)) forget(copies.keys().next().value!);
}

/**
 * Where the server that keeps copies registers how to drop them: Next's bundle has its
 * own copy of this module, so the route handlers reach the server's through the global.
 */
const DROP_HOOK = Symbol.for("kringwaar.dropPageCopies");
type WithHook = typeof globalThis & { [DROP_HOOK]?: () => void };

/** Forgets every copy (a change the public pages show). */
export function dropPageCopies(): void {
  copies.clear();
  total = 0;
  lastDrop = performance.now();
}

/**
 * Called by scripts/server.ts, which keeps the copies; `makeTemplate` compresses a page
 * as the server would send it (lib/platform/http/gzip-template.ts).
 */
export function registerPageCopies(makeTemplate?: Templater): void {
  (globalThis as WithHook)[DROP_HOOK] = dropPageCopies;
  templater = makeTemplate;
}

/** Called by lib/domains/catalog/page-cache.ts inside Next: drops the server's copies, if it keeps any. */
export function dropServerPageCopies(): void {
  (globalThis as WithHook)[DROP_HOOK]?.();
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/** The copy's key, or null when this request is not one a copy may answer. */
export function copyKey(req: IncomingMessage): string | null {
  const url = req.url ?? "/";
  if (req.method !== "GET" || req.headers.rsc !== undefined || req.headers["next-router-prefetch"] !== undefined) return null;
  if (url.startsWith("/api") || url.startsWith("/_next") || url.includes("_rsc=")) return null;
  return `${resolveLocale(cookieValue(req.headers.cookie, LOCALE_COOKIE))} ${url}`;
}

function freshCopy(key: string): Copy | undefined {
  const copy = copies.get(key);
  if (copy && copy.expires < performance.now()) {
    forget(key);
    return undefined;
  }
  return copy;
}

function writeCopyHead(copy: Copy, res: ServerResponse): void {
  res.statusCode = copy.status;
  for (const [name, value] of copy.headers) res.setHeader(name, value);
  res.setHeader("x-nextjs-cache", "HIT");
}

/**
 * Answers from a copy when there is a fresh one; true when it did. The body passes through
 * whatever `res` does to bodies (the nonce swap, paint-first, compression).
 */
export function answerFromCopy(key: string, res: ServerResponse): boolean {
  const copy = freshCopy(key);
  if (!copy) return false;
  writeCopyHead(copy, res);
  res.end(copy.body);
  return true;
}

/**
 * Answers a client that takes gzip from a copy's template, with `nonce` where the
 * render nonce was (the one the nonce swap on `res` puts into the policy header); false
 * when there is no fresh copy or its template is not made yet.
 */
export function answerFromTemplate(key: string, res: ServerResponse, nonce: string): boolean {
  const copy = freshCopy(key);
  if (!copy?.template) return false;
  writeCopyHead(copy, res);
  // What the swap does to a body it changes: one visitor's, never revalidated or shared.
  markAsPersonal(res);
  const body = renderGzipTemplate(copy.template, nonce);
  res.setHeader("content-encoding", "gzip");
  res.setHeader("content-length", copy.template.size);
  res.end(body.length === 1 ? body[0] : Buffer.concat(body));
  return true;
}

/**
 * Records what Next writes to `res` and keeps it as the copy for `key` if it is a page
 * Next served from its cache. Install after the nonce swap, so it sees Next's own bytes.
 */
export function recordCopy(key: string, res: ServerResponse): void {
  const started = performance.now();
  const headers = new Map<string, [string, string | string[]]>();
  const chunks: Buffer[] = [];
  let size = 0;
  let keep = true;

  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name: string, value: number | string | readonly string[]) => {
    headers.set(name.toLowerCase(), [name, Array.isArray(value) ? [...value] : String(value)]);
    return setHeader(name, value);
  };
  const removeHeader = res.removeHeader.bind(res);
  res.removeHeader = (name: string) => {
    headers.delete(name.toLowerCase());
    removeHeader(name);
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    for (const arg of args.slice(1)) {
      if (arg && typeof arg === "object" && !Array.isArray(arg)) {
        for (const [name, value] of Object.entries(arg as Record<string, string | string[]>)) {
          headers.set(name.toLowerCase(), [name, value]);
        }
      }
    }
    return writeHead(...args);
  }) as typeof res.writeHead;
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (!keep || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += bytes.length;
    if (size > MAX_BYTES) keep = false;
    else chunks.push(Buffer.from(bytes));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as typeof res.write;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    collect(chunk, rest[0]);
    const cached = headers.get("x-nextjs-cache");
    if (keep && res.statusCode === 200 && cached && !headers.has("set-cookie") && lastDrop < started) {
      const body = Buffer.concat(chunks);
      forget(key);
      makeRoom(body.length);
      const copy: Copy = {
        status: 200,
        // Length and encoding are the compression's business when the copy is sent.
        headers: [...headers.values()].filter(([name]) => !["content-length", "content-encoding"].includes(name.toLowerCase())),
        body,
        expires: performance.now() + PAGE_COPY_SECONDS * 1000,
      };
      copies.set(key, copy);
      total += body.length;
      const type = String(headers.get("content-type")?.[1] ?? "");
      templater?.(body, type)?.then(
        (template) => {
          // Not when the copy was dropped or replaced meanwhile.
          if (copies.get(key) !== copy) return;
          forget(key);
          makeRoom(body.length + template.weight);
          copy.template = template;
          copies.set(key, copy);
          total += weight(copy);
        },
        (error: unknown) => console.error("[kringwaar] page template failed", error),
      );
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}
