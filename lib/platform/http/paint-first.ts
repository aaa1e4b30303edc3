/**
 * Paint first, then run the app's scripts (for LCP on a phone).
 *
 * Next writes every script of a page as `<script src="/_next/static/…" async>`, most of
 * them in the head. The browser fetches them at once and runs each as soon as it has
 * it: on a fast network and a slow phone that is before the first paint, so the page's
 * text waits for React DOM, the router and hydration to be evaluated (hundreds of
 * milliseconds on a mid-range phone), and Lighthouse rightly counts all of that
 * JavaScript as blocking the largest paint.
 *
 * scripts/server.ts passes every HTML page through `PaintFirst`, which takes each such
 * tag out and hands its source to one small inline loader (PAINT_FIRST_LOADER) with a
 * call, `__kwPaint([...])`, where the tags were. The loader inserts the very same
 * `<script async>` elements once the browser reports the first contentful paint, and
 * when priority images (`fetchpriority="high"`: the product photo, the first cards) are
 * still loading then, once they have loaded and been drawn; at once in a hidden tab,
 * where nothing is painted, or on a page whose HTML shows no text or image (nothing
 * contentful to wait for: a page drawn by its scripts), and after 3 s at the latest.
 *
 * So the scripts are not even downloaded before the paint. On a phone network the
 * page's 150 KB of JavaScript would take the bandwidth the HTML, the stylesheet and the
 * product photo need (about 0.8 s at Lighthouse's 1.6 Mbit/s), and Lighthouse counts a
 * download that ends before the largest paint as delaying it. (An earlier version kept
 * the downloads as low-priority preloads: LCP 2.2 s against 1.1–1.3 s without them.)
 * On a fast connection they arrive a few tens of milliseconds later than they would have.
 *
 * React finds the inserted scripts when it hydrates (it looks scripts up by `src`), the
 * Turbopack runtime does too, and a script the runtime already inserted itself is not
 * inserted twice. The nonce comes from the loader's own script tag, so the
 * Content-Security-Policy is unchanged ('strict-dynamic' trusts what a nonced script
 * inserts).
 *
 * React's own low-priority preload of its bootstrap script (one of those tags) is dropped
 * for the same reason. Only tags of exactly those shapes (a `/_next/static/` source with
 * `async` and `nonce`, nothing else) are rewritten; `noModule` polyfills and anything else pass untouched.
 * A tag split over two writes is held back until it is whole.
 */
import type { ServerResponse } from "node:http";
import { interceptBody, type BodyTransform } from "./body-transform";

/**
 * The loader, once per page, in front of the first script it takes. `__kwPaint()` inserts
 * what is due; `__kwPaint.urls` are the scripts it was given and `__kwPaint.why` says what
 * let them in ("paint", "images", "hidden", "empty", "frame", "shown" or "timeout").
 */
export const PAINT_FIRST_LOADER =
  "(function(w,d){var n=d.currentScript&&d.currentScript.nonce,r=0,q=[],s={};" +
  // `__kwPaint(urls)` adds scripts to insert; they are inserted now if it is time, else when it is.
  "w.__kwPaint=function(l){if(l)q.push.apply(q,l);if(!r)return;q.forEach(function(u){" +
  "if(s[u])return;s[u]=1;if(d.querySelector('script[src=\\\"'+u+'\\\"]'))return;" +
  "var e=d.createElement('script');e.src=u;e.setAttribute('async','');if(n)e.nonce=n;d.head.appendChild(e)})};" +
  "w.__kwPaint.urls=q;function go(y){if(!r){r=1;w.__kwPaint.why=y;w.__kwPaint()}}" +
  // After the first contentful paint; with priority images (the product photo, the first
  // cards) still loading, once they have loaded and the next two frames have been drawn.
  "function painted(){var i=[].filter.call(d.images,function(m){return m.getAttribute('fetchpriority')==='high'&&m.loading!=='lazy'&&!m.complete}),k=i.length;" +
  "if(!k)return go('paint');function one(){if(!--k)requestAnimationFrame(function(){requestAnimationFrame(function(){go('images')})})}" +
  "i.forEach(function(m){m.addEventListener('load',one);m.addEventListener('error',one)})}" +
  "if(d.hidden)go('hidden');else{try{var o=new PerformanceObserver(function(l){if(l.getEntries().some(function(e){return e.name==='first-contentful-paint'})){o.disconnect();painted()}});" +
  "o.observe({type:'paint',buffered:true})}catch(x){requestAnimationFrame(function(){setTimeout(function(){go('frame')},0)})}" +
  // A page with no text or image in its HTML has no contentful paint to wait for.
  "d.addEventListener('DOMContentLoaded',function(){requestAnimationFrame(function(){setTimeout(function(){" +
  "if(!(d.body&&d.body.innerText.trim())&&![].some.call(d.images,function(m){return m.getBoundingClientRect().width}))go('empty')},0)})});" +
  "setTimeout(function(){go('timeout')},3e3);d.addEventListener('visibilitychange',function(){go('shown')})}" +
  "})(self,document)";

const OPEN = Buffer.from('<script src="/_next/static/', "latin1");
const CLOSE = Buffer.from("</script>", "latin1");
/** The tag, whole: `src`, then `async` and `nonce` in either order, empty body. */
const TAG = /^<script src="(\/_next\/static\/[\w./~-]+\.js)"(?: async="" nonce="([\w+/=]+)"| nonce="([\w+/=]+)" async="")><\/script>$/;
/** React's own preload of the bootstrap script, which is among the tags above: dropped. */
const PRELOAD_OPEN = Buffer.from('<link rel="preload" as="script" fetchPriority="low" nonce="', "latin1");
const PRELOAD_CLOSE = Buffer.from("/>", "latin1");
const PRELOAD = /^<link rel="preload" as="script" fetchPriority="low" nonce="[\w+/=]+" href="\/_next\/static\/[\w./~-]+\.js"\/>$/;

/** Makes `res` load its scripts paint-first when it is an HTML page (see the top of the file). */
export function paintFirst(res: ServerResponse): void {
  interceptBody(res, () => {
    const type = String(res.getHeader("content-type") ?? "");
    if (!/^text\/html\b/i.test(type) || res.getHeader("content-encoding")) return null;
    if (!res.headersSent) res.removeHeader("content-length");
    return new PaintFirst();
  });
}

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
    /** The scripts taken out of this chunk, and where in `parts` the last of them was. */
    const taken: string[] = [];
    let lastRewrite = -1;
    for (;;) {
      const atScript = data.indexOf(OPEN, from);
      const atPreload = data.indexOf(PRELOAD_OPEN, from);
      if (atScript === -1 && atPreload === -1) break;
      const isScript = atPreload === -1 || (atScript !== -1 && atScript < atPreload);
      const at = isScript ? atScript : atPreload;
      const close = isScript ? CLOSE : PRELOAD_CLOSE;
      const end = data.indexOf(close, at + (isScript ? OPEN : PRELOAD_OPEN).length);
      if (end === -1) {
        // The tag goes on in the next chunk (a tag is short: give up after 2 KB).
        if (data.length - at < 2048) {
          parts.push(data.subarray(from, at));
          this.carry = Buffer.from(data.subarray(at));
          from = data.length;
        }
        break;
      }
      const stop = end + close.length;
      const text = data.subarray(at, stop).toString("latin1");
      if (!isScript) {
        // Dropped when it is exactly React's preload; anything else passes.
        parts.push(data.subarray(from, PRELOAD.test(text) ? at : stop));
        from = stop;
        continue;
      }
      const match = TAG.exec(text);
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
      taken.push(src);
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
    // Where the last of them was, one call hands them to the loader (which inserts them at
    // once when the page has painted already: a streamed page's later chunks).
    if (lastRewrite !== -1) parts.splice(lastRewrite, 0, Buffer.from(`<script nonce="${nonce}">__kwPaint(${JSON.stringify(taken)})</script>`, "latin1"));
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** What is still held back, at the end of the stream. */
  flush(): Buffer {
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest;
  }

  /** The length of the longest end of `data` (from `from` on) that is a beginning of a tag we look for. */
  private partialTail(data: Buffer, from: number): number {
    for (let n = Math.min(PRELOAD_OPEN.length - 1, data.length - from); n > 0; n--) {
      const start = data.length - n;
      if (data[start] !== 0x3c /* < */) continue;
      const end = data.subarray(start);
      if ((n < OPEN.length && end.equals(OPEN.subarray(0, n))) || end.equals(PRELOAD_OPEN.subarray(0, n))) return n;
    }
    return 0;
  }
}
