// Issue 13, LCP: pages load their scripts after the first paint (lib/http/paint-first.ts).
import { describe, expect, it } from "vitest";
import { PAINT_FIRST_LOADER, PaintFirst } from "@/lib/http/paint-first";

const NONCE = "AbCdEfGhIjKlMnOpQrStUv==";
const script = (src: string, order: "async-first" | "nonce-first" = "async-first") =>
  order === "async-first"
    ? `<script src="${src}" async="" nonce="${NONCE}"></script>`
    : `<script src="${src}" nonce="${NONCE}" async=""></script>`;
const preload = (src: string) => `<link rel="preload" as="script" fetchpriority="low" href="${src}" nonce="${NONCE}" data-paint-first=""/>`;
const loader = `<script nonce="${NONCE}">${PAINT_FIRST_LOADER}</script>`;
const call = `<script nonce="${NONCE}">__kwPaint()</script>`;

/** Runs `chunks` through one PaintFirst, as one response. */
function run(chunks: string[]): { out: string; pieces: string[] } {
  const transform = new PaintFirst();
  const pieces = chunks.map((chunk) => transform.push(Buffer.from(chunk, "utf8")).toString("utf8"));
  pieces.push(transform.flush().toString("utf8"));
  return { out: pieces.join(""), pieces };
}

describe("paint-first script loading", () => {
  it("turns Next's async scripts into low-priority preloads, with the loader once, before the first", () => {
    const head = `<head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>${script("/_next/static/chunks/a.js")}${script("/_next/static/chunks/b.js")}<title>Kringwaar</title></head>`;
    const body = `<body><p>Fiets – €&nbsp;50</p>${script("/_next/static/chunks/c.js", "nonce-first")}</body>`;
    const { out } = run([head + body]);
    expect(out).toBe(
      `<head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>${loader}${preload("/_next/static/chunks/a.js")}${preload("/_next/static/chunks/b.js")}<title>Kringwaar</title></head>` +
        `<body><p>Fiets – €&nbsp;50</p>${preload("/_next/static/chunks/c.js")}${call}</body>`,
    );
    // No script of the app is left for the parser to run before the first paint.
    expect(out).not.toMatch(/<script src=/);
  });

  it("calls the loader again after the preloads of every later chunk (a streamed page)", () => {
    const { pieces } = run([`<head>${script("/_next/static/chunks/a.js")}</head><body>`, `<div>later</div>${script("/_next/static/chunks/d.js")}<p>end</p>`]);
    expect(pieces[0]).toBe(`<head>${loader}${preload("/_next/static/chunks/a.js")}${call}</head><body>`);
    expect(pieces[1]).toBe(`<div>later</div>${preload("/_next/static/chunks/d.js")}${call}<p>end</p>`);
  });

  it("rewrites a tag split over two chunks, anywhere in it, and holds back no more than needed", () => {
    const page = `<html><head>${script("/_next/static/chunks/a.js")}</head><body>x</body></html>`;
    const expected = `<html><head>${loader}${preload("/_next/static/chunks/a.js")}${call}</head><body>x</body></html>`;
    for (let at = 1; at < page.length; at++) {
      const { out } = run([page.slice(0, at), page.slice(at)]);
      // Split: the call follows the tag in the chunk that completed it.
      expect(out.replace(call, "")).toBe(expected.replace(call, ""));
    }
    // Text that cannot start a tag passes at once.
    const transform = new PaintFirst();
    expect(transform.push(Buffer.from("<p>hello</p><scr")).toString()).toBe("<p>hello</p>");
    expect(transform.push(Buffer.from("ipt>1</script>")).toString()).toBe("<script>1</script>");
  });

  it("leaves every other script alone", () => {
    const others = [
      `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
      `<script nonce="${NONCE}">self.__next_f.push([1,"x"])</script>`,
      `<script src="/_next/static/chunks/a.js" async=""></script>`,
      `<script src="https://js.stripe.com/v3" async="" nonce="${NONCE}"></script>`,
      `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}" integrity="sha384-x"></script>`,
      `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}">alert(1)</script>`,
    ].join("");
    expect(run([`<head>${others}</head>`]).out).toBe(`<head>${others}</head>`);
    // An unclosed tag longer than any real one is not held back for ever.
    const long = `<script src="/_next/static/${"x".repeat(3000)}`;
    expect(run([long, "</p>"]).out).toBe(`${long}</p>`);
  });

  it("keeps a page without scripts byte for byte", () => {
    const page = Buffer.from("<html><body><p>Geen scripts</p></body></html>");
    const transform = new PaintFirst();
    expect(transform.push(page)).toBe(page);
    expect(transform.flush().length).toBe(0);
  });
});
