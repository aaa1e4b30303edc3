// Issue 13 item 2: scripts/server.ts answers repeated visits of a cached public page from
// a short-lived copy of Next's answer (lib/http/page-copies.ts), per language, with a
// fresh CSP nonce each time, and forgets the copies when a change drops Next's pages.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dropCachedPages } from "@/lib/catalog/page-cache";
import { dropPageCopies } from "@/lib/http/page-copies";
import { freshNonce } from "@/lib/security/render-nonce";
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
      res.end(`<html lang="${lang}"><script nonce="${token}">go()</script><p>${"Tweedehands. ".repeat(100)}</p>${rendered.length}</html>`);
    },
    0,
    token,
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

describe("short-lived copies of cached pages", () => {
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
