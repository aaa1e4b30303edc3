/**
 * How much JavaScript a page transfers on its first load, as a phone sees it: shared by `npm run bench:pages` and the CI gate tests/e2e/js-budget.spec.ts.
 *
 * The page loads in a fresh browser context with Lighthouse's mobile screen (412×823),
 * signed out, until its scripts are in and the network is idle; every script response counts with its
 * transferred size (the server compresses, so that is the gzipped size). What loads
 * later on purpose (a dialog when opened, a map when scrolled to) does not count.
 */
import type { Browser, BrowserContextOptions } from "@playwright/test";

/**
 * The gzipped first-load JavaScript budgets in KB (1 KB = 1024 bytes), with room for the
 * framework's own parts (next/link, next-intl's client components, tailwind-merge), as
 * Next compresses the files (its gzip; the proxy in front may do better). /browse's and
 * the product page's were 165 KB when the build's files were compressed with Zopfli at
 * build time, about 4% smaller than gzip for the same code: the same scripts measure
 * 171 KB and 169 KB as Next sends them. 185 KB since the framework's session client
 * (next-auth/react's SessionProvider, useSession and signOut: its chunk is 9.2 KB) and
 * Radix Slot with class-variance-authority (Button, on every page) replaced our own
 * copies: measured then at 177.4 KB on /, 182.7 KB on /browse and 180.9 KB on a product page.
 */
export const JS_BUDGETS_KB = { "/": 185, "/browse": 185, "/product/{id}": 185 } as const;
export type BudgetedPage = keyof typeof JS_BUDGETS_KB;

/** Lighthouse's mobile emulation (a mid-range phone). */
export const MOBILE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

export type ScriptWeight = { url: string; bytes: number };

export async function firstLoadScripts(browser: Browser, url: string): Promise<ScriptWeight[]> {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts = new Map<string, string>();
    const weights: ScriptWeight[] = [];
    cdp.on("Network.responseReceived", (e) => {
      if (e.type === "Script") scripts.set(e.requestId, e.response.url);
    });
    cdp.on("Network.loadingFinished", (e) => {
      const script = scripts.get(e.requestId);
      if (script) weights.push({ url: script, bytes: e.encodedDataLength });
    });
    let inFlight = 0;
    let lastActivity = Date.now();
    const busy = (delta: number) => {
      inFlight += delta;
      lastActivity = Date.now();
    };
    cdp.on("Network.requestWillBeSent", () => busy(1));
    cdp.on("Network.loadingFinished", () => busy(-1));
    cdp.on("Network.loadingFailed", () => busy(-1));
    await page.goto(url, { waitUntil: "load" });
    // Then until the network has been quiet for 500 ms.
    const giveUp = Date.now() + 15_000;
    while ((inFlight > 0 || Date.now() - lastActivity < 500) && Date.now() < giveUp) await page.waitForTimeout(100);
    return weights.sort((a, b) => b.bytes - a.bytes);
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => bytes / 1024;
export const totalBytes = (weights: ScriptWeight[]) => weights.reduce((sum, w) => sum + w.bytes, 0);
