/**
 * The JavaScript each main page transfers on its first load (issue 13 item 1), against
 * the budgets: 170 KB gzipped on `/`, 150 KB on `/browse` and `/product/{id}`.
 *
 *   npm start                      # in another terminal (the production build)
 *   npm run bench:pages            # BENCH_PAGES_URL=http://localhost:3000 by default
 *
 * Loads each page in a fresh Chromium context (Debian's /usr/bin/chromium, or
 * CHROMIUM_PATH) and sums the transferred bytes of every script (the server compresses,
 * so that is the gzipped size). Exits non-zero when a page is over its budget.
 * Lighthouse scores and the page/static latency ratio are not measured yet.
 */
import { chromium } from "@playwright/test";

const base = (process.env.BENCH_PAGES_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const KB = 1024;

async function firstProductId(): Promise<string> {
  const res = await fetch(`${base}/api/products?limit=1`);
  const rows = (await res.json()) as { id: string }[];
  if (!rows[0]) throw new Error("no product to measure: seed the demo data first");
  return rows[0].id;
}

const product = await firstProductId();
const pages: { path: string; budgetKb: number | null }[] = [
  { path: "/", budgetKb: 170 },
  { path: "/browse", budgetKb: 150 },
  { path: `/product/${product}`, budgetKb: 150 },
  { path: "/categories", budgetKb: null },
  { path: "/faq", budgetKb: null },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
let over = 0;
console.log(`JavaScript on first load, ${base}\n`);
console.log("| Page | JS (KB, gzipped) | Budget | |\n|---|---|---|---|");
for (const { path, budgetKb } of pages) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script") scripts.add(e.requestId);
  });
  cdp.on("Network.loadingFinished", (e) => {
    if (scripts.has(e.requestId)) bytes += e.encodedDataLength;
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  await context.close();
  const kb = bytes / KB;
  const missed = budgetKb !== null && kb > budgetKb;
  if (missed) over += 1;
  const label = path.startsWith("/product/") ? "/product/{id}" : path;
  console.log(`| ${label} | ${kb.toFixed(1)} | ${budgetKb ?? "-"} | ${budgetKb === null ? "" : missed ? "MISSED" : "met"} |`);
}
await browser.close();
if (over > 0) {
  console.log(`\n${over} page(s) over budget.`);
  process.exitCode = 1;
}
