/**
 * The build's scripts and stylesheets, compressed once at build time (what a phone
 * downloads).
 *
 * `npm run build` ends with scripts/precompress.ts, which writes a `.gz` next to every
 * script and stylesheet under `.next/static/`, made with Zopfli: gzip that every browser
 * reads, about 3 % smaller than the gzip the server would make on the fly, and made
 * once instead of for every request. scripts/server.ts keeps them in memory
 * (`loadPrecompressed`) and answers a request for one of those files from there
 * (`answerPrecompressed`) when the client takes gzip, with only the headers such a file
 * needs. Anything else (no `.gz`, a client without gzip, a range request, `npm run dev`)
 * goes to Next as before.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

/** What is precompressed, with the type it is served as. */
export const PRECOMPRESSED_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** All `.gz` files together stay under this (a build's are about 1 MB). */
const MAX_TOTAL = 64 * 1024 * 1024;

export type PrecompressedFile = { body: Buffer; type: string };

/**
 * The `.gz` files of the build in `distDir` (`.next`), by URL path (`/_next/static/…`).
 * A `.gz` older than its file (a build without the precompress step after it) is left out.
 */
export function loadPrecompressed(distDir: string): Map<string, PrecompressedFile> {
  const files = new Map<string, PrecompressedFile>();
  const staticDir = path.join(distDir, "static");
  let total = 0;
  const visit = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      const stat = statSync(full);
      if (stat.isDirectory()) {
        visit(full);
        continue;
      }
      const type = PRECOMPRESSED_TYPES[path.extname(entry)];
      if (!type) continue;
      let gz;
      try {
        gz = statSync(`${full}.gz`);
      } catch {
        continue;
      }
      if (gz.mtimeMs < stat.mtimeMs || total + gz.size > MAX_TOTAL) continue;
      total += gz.size;
      const url = `/_next/static/${path.relative(staticDir, full).split(path.sep).join("/")}`;
      files.set(url, { body: readFileSync(`${full}.gz`), type });
    }
  };
  visit(staticDir);
  return files;
}

/** Whether the client takes gzip (`Accept-Encoding`, `gzip` or `*` without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  for (const part of value.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding?.trim() !== "gzip" && coding?.trim() !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (!q || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

/** Answers from `files` when it can (see the top of the file); true when it did. */
export function answerPrecompressed(files: Map<string, PrecompressedFile>, req: IncomingMessage, res: ServerResponse): boolean {
  if (files.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const url = req.url ?? "";
  if (!url.startsWith("/_next/static/")) return false;
  const query = url.indexOf("?");
  const file = files.get(query === -1 ? url : url.slice(0, query));
  if (!file || req.headers.range !== undefined || !acceptsGzip(req.headers["accept-encoding"])) return false;
  // The build's file names change with their content: cached for good, as Next serves them.
  res.writeHead(200, {
    "Content-Type": file.type,
    "Content-Encoding": "gzip",
    "Content-Length": file.body.length,
    "Cache-Control": "public, max-age=31536000, immutable",
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
  });
  res.end(req.method === "HEAD" ? undefined : file.body);
  return true;
}
