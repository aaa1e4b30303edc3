// Issue 13, LCP: pages load their scripts after the first paint (lib/platform/http/paint-first.ts).
import { describe, expect, it } from "vitest";
import { PAINT_FIRST_LOADER, PaintFirst } from "@/lib/platform/http/paint-first";

const NONCE = "AbCdEfGhIjKlMnOpQrStUv==";
const script = (src: string, order: "async-first" | "nonce-first" = "async-first") =>
  order === "async-first"
    ? `<script src="${src}" async="" nonce="${NONCE}"></script>`
    : `<script src="${src}" nonce="${NONCE}" async=""></script>`;
const loader = `<script nonce="${NONCE}">${PAINT_FIRST_LOADER}</script>`;
/** React's preload of its bootstrap script, as Next writes it. */
const reactPreload = (src: string) => `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="${src}"/>`;
/** The call that hands the loader the scripts taken out of one chunk. */
const call = (...names: string[]) => `<script nonce="${NONCE}">__kwPaint(${JSON.stringify(names.map((name) => `/_next/static/chunks/${name}`))})</script>`;

/** Runs `chunks` through one PaintFirst, as one response. */
function run(chunks: string[]): { out: string; pieces: string[] } {
  const transform = new PaintFirst();
  const pieces = chunks.map((chunk) => transform.push(Buffer.from(chunk, "utf8")).toString("utf8"));
  pieces.push(transform.flush().toString("utf8"));
  return { out: pieces.join(""), pieces };
}

describe("paint-first script loading", () => {
  it("takes Next's async scripts out and hands them to the loader, which comes once, before the first", () => {
    const head = `<head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>${reactPreload("/_next/static/chunks/c.js")}${script("/_next/static/chunks/a.js")}${script("/_next/static/chunks/b.js")}<title>Kringwaar</title></head>`;
    const body = `<body><p>Fiets – €&nbsp;50</p>${script("/_next/static/chunks/c.js", "nonce-first")}</body>`;
    const { out } = run([head + body]);
    expect(out).toBe(
      `<head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>${loader}<title>Kringwaar</title></head>` +
        `<body><p>Fiets – €&nbsp;50</p>${call("a.js", "b.js", "c.js")}</body>`,
    );
    // Nothing of the app's for the parser to fetch or run before the first paint.
    expect(out).not.toMatch(/<script src=|rel="preload"/);
  });

  it("hands over the scripts of every later chunk where they were (a streamed page)", () => {
    const { pieces } = run([`<head>${script("/_next/static/chunks/a.js")}</head><body>`, `<div>later</div>${script("/_next/static/chunks/d.js")}<p>end</p>`]);
    expect(pieces[0]).toBe(`<head>${loader}${call("a.js")}</head><body>`);
    expect(pieces[1]).toBe(`<div>later</div>${call("d.js")}<p>end</p>`);
  });

  it("rewrites a tag split over two chunks, anywhere in it, and holds back no more than needed", () => {
    const page = `<html><head>${reactPreload("/_next/static/chunks/a.js")}${script("/_next/static/chunks/a.js")}</head><body>x</body></html>`;
    const expected = `<html><head>${loader}${call("a.js")}</head><body>x</body></html>`;
    for (let at = 1; at < page.length; at++) {
      expect(run([page.slice(0, at), page.slice(at)]).out).toBe(expected);
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
      `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="https://js.stripe.com/v3"/>`,
      `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/a.js" crossorigin=""/>`,
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
