// Issue 13 item 1: the build's scripts and stylesheets are gzipped once with Zopfli
// (scripts/precompress.ts) and served from those copies by scripts/server.ts
// (lib/platform/http/static-files.ts), with only the headers such a file needs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsGzip, loadPrecompressed } from "@/lib/platform/http/static-files";
import { precompress } from "@/scripts/precompress";
import { createAppServer } from "@/scripts/server";

let dist: string;
let server: Server;
let base: string;
let nextSaw: string[];

/** Script text of the kind a build has: minified code that repeats itself at a distance. */
const script = Array.from({ length: 400 }, (_, i) => `function f${i}(e,t){return e.map(r=>r*${i}+t).filter(Boolean)}`).join(";");

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "kringwaar-static-"));
  mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
  mkdirSync(path.join(dist, "static", "media"), { recursive: true });
  writeFileSync(path.join(dist, "static", "chunks", "app.js"), script);
  writeFileSync(path.join(dist, "static", "chunks", "app.css"), `.a{color:red}${".b{margin:0 auto;padding:1rem}".repeat(100)}`);
  writeFileSync(path.join(dist, "static", "chunks", "tiny.js"), "self.x=1");
  // Under the 1 KB below which the server would not compress it on the fly.
  writeFileSync(path.join(dist, "static", "chunks", "loader.js"), `self.l=[${Array.from({ length: 40 }, (_, i) => `"static/chunks/${i}x.js"`).join(",")}]`);
  writeFileSync(path.join(dist, "static", "media", "font.woff2"), Buffer.alloc(4096, 7));
  writeFileSync(path.join(dist, "static", "chunks", "stale.js"), script);
  await precompress(dist);
  // A file rebuilt after its .gz was made: the .gz is not served.
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(dist, "static", "chunks", "stale.js"), later, later);

  nextSaw = [];
  server = createAppServer(
    (req, res) => {
      nextSaw.push(req.url ?? "");
      res.setHeader("content-type", "text/plain");
      res.end("from next");
    },
    0,
    { precompressed: loadPrecompressed(dist) },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

/** A request whose answer is read as it came (fetch would decompress it). */
function raw(url: string, headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br" }, method = "GET") {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    const req = request(base + url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string])),
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("precompressed scripts and stylesheets", () => {
  it("the build step writes a smaller gzip of each script and stylesheet than zlib makes, and nothing for the rest", () => {
    const gz = readFileSync(path.join(dist, "static", "chunks", "app.js.gz"));
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(gz.length).toBeLessThan(gzipSync(script).length);
    expect(gunzipSync(readFileSync(path.join(dist, "static", "chunks", "app.css.gz"))).toString()).toContain(".a{color:red}");
    // Gzip would not make it smaller.
    expect(() => readFileSync(path.join(dist, "static", "chunks", "tiny.js.gz"))).toThrow();
    expect(readFileSync(path.join(dist, "static", "chunks", "loader.js")).length).toBeLessThan(1024);
    expect(readFileSync(path.join(dist, "static", "chunks", "loader.js.gz")).length).toBeLessThan(400);
    expect(() => readFileSync(path.join(dist, "static", "media", "font.woff2.gz"))).toThrow();
  });

  it("a client that takes gzip gets the copy, with a length and the headers a script needs", async () => {
    const res = await raw("/_next/static/chunks/app.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const body = res.body;
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    expect(body.equals(readFileSync(path.join(dist, "static", "chunks", "app.js.gz")))).toBe(true);
    // Not the headers of a page or of Next's file server.
    for (const name of ["etag", "last-modified", "accept-ranges", "transfer-encoding"]) expect(res.headers.get(name)).toBeNull();
    // A deployment id in the query is the same file.
    expect((await raw("/_next/static/chunks/app.css?dpl=abc")).headers.get("content-type")).toBe("text/css; charset=utf-8");
    // HEAD: the headers alone.
    const head = await raw("/_next/static/chunks/app.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers.get("content-length")).toBe(String(body.length));
    expect(nextSaw).toEqual([]);
  });

  it("anything else goes to Next: no gzip, a range, a stale or missing copy, another method, another path", async () => {
    await raw("/_next/static/chunks/app.js", { "accept-encoding": "identity" });
    await raw("/_next/static/chunks/app.js", { "accept-encoding": "gzip;q=0, br" });
    await raw("/_next/static/chunks/app.js", { "accept-encoding": "gzip", range: "bytes=0-10" });
    await raw("/_next/static/chunks/stale.js");
    await raw("/_next/static/chunks/tiny.js");
    await raw("/_next/static/chunks/app.js", { "accept-encoding": "gzip" }, "POST");
    await raw("/static/chunks/app.js");
    expect(nextSaw).toEqual([
      "/_next/static/chunks/app.js",
      "/_next/static/chunks/app.js",
      "/_next/static/chunks/app.js",
      "/_next/static/chunks/stale.js",
      "/_next/static/chunks/tiny.js",
      "/_next/static/chunks/app.js",
      "/static/chunks/app.js",
    ]);
  });

  it("reads Accept-Encoding as HTTP means it", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(["deflate", "gzip"])).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("x-gzip2")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
