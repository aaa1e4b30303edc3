// Issue 13 item 2: scripts/server.ts answers repeated visits of a cached public page from
// a short-lived copy of Next's answer (lib/platform/http/page-copies.ts), per language, with a
// fresh CSP nonce each time, and forgets the copies when a change drops Next's pages.
import type { AddressInfo } from "node:net";
import { request, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dropCachedPages } from "@/lib/domains/catalog/page-cache";
import { dropPageCopies } from "@/lib/platform/http/page-copies";
import { PaintFirst } from "@/lib/platform/http/paint-first";
import { freshNonce } from "@/lib/platform/http/render-nonce";
import { createAppServer } from "@/scripts/server";

const token = freshNonce();
let server: Server;
let base: string;
let rendered: string[];

beforeEach(async () => {
  dropPageCopies();
  rendered = [];
  // Plays Next: a cached page (x-nextjs-cache) with scripts carrying the render nonce,
  // unless the URL says otherwise.
  server = createAppServer(
    (req, res) => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const lang = /kringwaar_locale=en/.test(req.headers.cookie ?? "") ? "en" : "nl";
      rendered.push(`${lang} ${url.pathname}${url.search}`);
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.setHeader("content-security-policy", `script-src 'nonce-${token}' 'strict-dynamic'`);
      if (!url.searchParams.has("dynamic")) res.setHeader("x-nextjs-cache", "MISS");
      if (url.searchParams.has("cookie")) res.setHeader("set-cookie", "a=b");
      res.statusCode = url.pathname === "/gone" ? 404 : 200;
      res.end(
        `<html lang="${lang}"><head><script src="/_next/static/chunks/a.js" async="" nonce="${token}"></script></head>` +
          `<script nonce="${token}">go()</script><p>${"Tweedehands. ".repeat(100)}</p>${rendered.length}</html>`,
      );
    },
    0,
    { renderNonceToken: token },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function visit(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
  return { res, body, nonce };
}

/** A GET whose gzip answer is read as it came (fetch would decompress it). */
function rawGzip(path: string) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(base + path, { headers: { "accept-encoding": "gzip, deflate, br" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("short-lived copies of cached pages", () => {
  it("a client that takes gzip is answered from the copy compressed once, with a length and its own fresh nonce", async () => {
    await visit("/");
    // The compressed template is made in the background after the copy: until then the
    // copy is compressed per answer (no length, chunked).
    let answer = await rawGzip("/");
    for (let tries = 0; answer.headers["content-length"] === undefined && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      answer = await rawGzip("/");
    }
    expect(rendered).toEqual(["nl /"]);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.headers["x-nextjs-cache"]).toBe("HIT");
    expect(answer.headers["cache-control"]).toBe("private, no-cache");
    expect(String(answer.headers.vary)).toContain("Accept-Encoding");
    const nonce = /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))![1]!;
    expect(nonce).not.toBe(token);
    // The very bytes a per-answer compression would have carried: the swap, then paint-first.
    const html = `<html lang="nl"><head><script src="/_next/static/chunks/a.js" async="" nonce="${token}"></script></head>` +
      `<script nonce="${token}">go()</script><p>${"Tweedehands. ".repeat(100)}</p>1</html>`;
    const paint = new PaintFirst();
    const expected = Buffer.concat([paint.push(Buffer.from(html.split(token).join(nonce))), paint.flush()]).toString();
    expect(gunzipSync(answer.body).toString()).toBe(expected);
    expect(expected).toContain(`__kwPaint(["/_next/static/chunks/a.js"])`);
    // The next answer has a nonce of its own.
    const next = await rawGzip("/");
    const nextNonce = /'nonce-([^']+)'/.exec(String(next.headers["content-security-policy"]))![1]!;
    expect(nextNonce).not.toBe(nonce);
    expect(gunzipSync(next.body).toString()).toBe(expected.split(nonce).join(nextNonce));
    // A client without gzip gets the same page from the same copy.
    const plain = await visit("/", { "accept-encoding": "identity" });
    expect(plain.body).toBe(expected.split(nonce).join(plain.nonce!));
    expect(rendered).toEqual(["nl /"]);
  });

  it("a second visit is answered from the copy, with its own fresh nonce, per language", async () => {
    const first = await visit("/browse");
    const second = await visit("/browse");
    expect(rendered).toEqual(["nl /browse"]);
    expect(second.res.headers.get("x-nextjs-cache")).toBe("HIT");
    expect(second.body).toBe(first.body.split(first.nonce!).join(second.nonce!));
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).not.toContain(token);
    expect(second.body).toContain(`nonce="${second.nonce}"`);
    // Compressed for a client that asks, from the same copy.
    const gz = await fetch(`${base}/browse`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toContain('<html lang="nl">');
    // English is its own copy.
    expect((await visit("/browse", { cookie: "kringwaar_locale=en" })).body).toContain('<html lang="en">');
    expect(rendered).toEqual(["nl /browse", "en /browse"]);
  });

  it("navigations, uncached pages, errors and answers with a cookie always reach Next", async () => {
    await visit("/browse", { rsc: "1" });
    await visit("/browse", { rsc: "1" });
    await visit("/orders?dynamic=1");
    await visit("/orders?dynamic=1");
    await visit("/gone");
    await visit("/gone");
    await visit("/p?cookie=1");
    await visit("/p?cookie=1");
    expect(rendered).toHaveLength(8);
  });

  it("a change that drops Next's cached pages drops the copies", async () => {
    await visit("/");
    await visit("/");
    expect(rendered).toHaveLength(1);
    dropCachedPages();
    await visit("/");
    expect(rendered).toHaveLength(2);
  });
});
