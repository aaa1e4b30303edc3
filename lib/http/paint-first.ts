/**
 * Paint first, then run the app's scripts (issue 13 item 2: LCP on a phone).
 *
 * Next writes every script of a page as `<script src="/_next/static/…" async>`, most of
 * them in the head. The browser fetches them at once and runs each as soon as it has
 * it: on a fast network and a slow phone that is before the first paint, so the page's
 * text waits for React DOM, the router and hydration to be evaluated (hundreds of
 * milliseconds on a mid-range phone), and Lighthouse rightly counts all of that
 * JavaScript as blocking the largest paint.
 *
 * scripts/server.ts passes every HTML page through `PaintFirst`, which turns each such
 * tag into a low-priority preload (the download still starts at once) and adds one small
 * inline loader (PAINT_FIRST_LOADER) that inserts the very same `<script async>`
 * elements once the browser reports the first contentful paint, and on a page with a
 * priority image (`fetchpriority="high"`, the product photo) once that image is painted
 * (or failed); at once in a hidden tab, where nothing is painted, or on a page whose
 * HTML shows no text or image (nothing contentful to wait for: a page drawn by its
 * scripts), and after 3 s at the latest. React finds them there when it hydrates (it looks scripts up by
 * `src`), the Turbopack runtime does too, and a script the runtime already inserted
 * itself is not inserted twice. The nonce comes from the loader's own script tag, so the
 * Content-Security-Policy is unchanged ('strict-dynamic' trusts what a nonced script
 * inserts; the preloads carry the nonce too).
 *
 * Only tags of exactly that shape (a `/_next/static/` source with `async` and `nonce`,
 * nothing else) are rewritten; `noModule` polyfills and anything else pass untouched.
 * A tag split over two writes is held back until it is whole.
 */
import type { ServerResponse } from "node:http";
import { interceptBody, type BodyTransform } from "@/lib/http/body-transform";

/** The loader, once per page, in front of its first preload. `__kwPaint()` inserts what is due. */
export const PAINT_FIRST_LOADER =
  "(function(w,d){var n=d.currentScript&&d.currentScript.nonce,r=0,s={};" +
  "w.__kwPaint=function(){if(!r)return;d.querySelectorAll('link[data-paint-first]').forEach(function(l){" +
  "var u=l.getAttribute('href');if(s[u])return;s[u]=1;if(d.querySelector('script[src=\\\"'+u+'\\\"]'))return;" +
  "var e=d.createElement('script');e.src=u;e.setAttribute('async','');if(n)e.nonce=n;d.head.appendChild(e)})};" +
  "function go(){if(!r){r=1;w.__kwPaint()}}" +
  // Calls `then` once the browser reports a paint entry of `type` that passes `test`.
  "function watch(t,f,then){try{var o=new PerformanceObserver(function(l){if(l.getEntries().some(f)){o.disconnect();then()}});" +
  "o.observe({type:t,buffered:true})}catch(x){requestAnimationFrame(function(){setTimeout(then,0)})}}" +
  // After the first contentful paint; on a page with a priority image, after that image's paint.
  "function painted(){var i=[].filter.call(d.images,function(m){return m.getAttribute('fetchpriority')==='high'});" +
  "if(!i.length||i.some(function(m){return m.complete&&!m.naturalWidth}))return go();" +
  "i.forEach(function(m){m.addEventListener('error',go)});watch('largest-contentful-paint',function(e){return i.indexOf(e.element)>=0},go)}" +
  "if(d.hidden)go();else{watch('paint',function(e){return e.name==='first-contentful-paint'},painted);" +
  // A page with no text or image in its HTML has no contentful paint to wait for.
  "d.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(function(){" +
  "if(!(d.body&&d.body.innerText.trim())&&![].some.call(d.images,function(m){return m.getBoundingClientRect().width}))go()},0)})});" +
  "setTimeout(go,3e3);d.addEventListener('visibilitychange',go)}" +
  "})(self,document)";

const OPEN = Buffer.from('<script src="/_next/static/', "latin1");
const CLOSE = Buffer.from("</script>", "latin1");
/** The tag, whole: `src`, then `async` and `nonce` in either order, empty body. */
const TAG = /^<script src="(\/_next\/static\/[\w./~-]+\.js)"(?: async="" nonce="([\w+/=]+)"| nonce="([\w+/=]+)" async="")><\/script>$/;

/** Makes `res` load its scripts paint-first when it is an HTML page (see the top of the file). */
export function paintFirst(res: ServerResponse): void {
  interceptBody(res, () => {
    const type = String(res.getHeader("content-type") ?? "");
    if (!/^text\/html\b/i.test(type) || res.getHeader("content-encoding")) return null;
    if (!res.headersSent) res.removeHeader("content-length");
    return new PaintFirst();
  });
}

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** One page's stream: `push` each chunk as it comes, `flush` at the end. */
export class PaintFirst implements BodyTransform {
  private carry: Buffer = Buffer.alloc(0);
  private loaderSent = false;

  /** The bytes that can be sent now; a tag that may still be incomplete is held back. */
  push(chunk: Buffer): Buffer {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    const parts: Buffer[] = [];
    let from = 0;
    let nonce = "";
    /** Where in `parts` the last rewritten tag ends: the call for late preloads goes there. */
    let lastRewrite = -1;
    for (;;) {
      const at = data.indexOf(OPEN, from);
      if (at === -1) break;
      const end = data.indexOf(CLOSE, at + OPEN.length);
      if (end === -1) {
        // The tag goes on in the next chunk (a tag is short: give up after 2 KB).
        if (data.length - at < 2048) {
          parts.push(data.subarray(from, at));
          this.carry = Buffer.from(data.subarray(at));
          from = data.length;
        }
        break;
      }
      const stop = end + CLOSE.length;
      const match = TAG.exec(data.subarray(at, stop).toString("latin1"));
      if (!match) {
        parts.push(data.subarray(from, stop));
        from = stop;
        continue;
      }
      const src = match[1]!;
      nonce = (match[2] ?? match[3])!;
      parts.push(data.subarray(from, at));
      if (!this.loaderSent) {
        parts.push(Buffer.from(`<script nonce="${nonce}">${PAINT_FIRST_LOADER}</script>`, "latin1"));
        this.loaderSent = true;
      }
      parts.push(Buffer.from(`<link rel="preload" as="script" fetchpriority="low" href="${escapeAttr(src)}" nonce="${nonce}" data-paint-first=""/>`, "latin1"));
      lastRewrite = parts.length;
      from = stop;
    }
    if (from < data.length) {
      // Keep back a tail that may be the start of a tag ("<scr…").
      const tail = this.partialTail(data, from);
      if (from === 0 && tail === 0) return data;
      parts.push(data.subarray(from, data.length - tail));
      if (tail > 0) this.carry = Buffer.from(data.subarray(data.length - tail));
    }
    // Preloads parsed after the first paint (a streamed page) are inserted at once.
    if (lastRewrite !== -1) parts.splice(lastRewrite, 0, Buffer.from(`<script nonce="${nonce}">__kwPaint()</script>`, "latin1"));
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** What is still held back, at the end of the stream. */
  flush(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest;
  }

  /** The length of the longest end of `data` (from `from` on) that is a beginning of OPEN. */
  private partialTail(data: Buffer, from: number): number {
    for (let n = Math.min(OPEN.length - 1, data.length - from); n > 0; n--) {
      const start = data.length - n;
      if (data[start] === OPEN[0] && data.subarray(start).equals(OPEN.subarray(0, n))) return n;
    }
    return 0;
  }
}
