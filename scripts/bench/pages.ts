/**
 * The main pages as a phone on a Dutch mobile network gets them (issue 13): for `/`,
 * `/browse` and a product page (and a few more without a budget) the first-load
 * JavaScript against the budgets (170 / 150 / 150 KB gzipped).
 *
 *   npm start                      # in another terminal (the production build)
 *   npm run bench:pages            # BENCH_PAGES_URL=http://localhost:3000 by default
 *
 * Chromium is Debian's /usr/bin/chromium (or CHROMIUM_PATH). Exits non-zero when a page
 * is over its budget. The same measurement is CI's gate: tests/e2e/js-budget.spec.ts.
 */
import { chromium } from "@playwright/test";
import { firstLoadScripts, JS_BUDGETS_KB, kb, totalBytes } from "./page-weight";

const base = (process.env.BENCH_PAGES_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const verbose = process.argv.includes("--scripts");

async function firstProductId(): Promise<string> {
  const res = await fetch(`${base}/api/products?limit=1`);
  const rows = (await res.json()) as { id: string }[];
  if (!rows[0]) throw new Error("no product to measure: seed the demo data first");
  return rows[0].id;
}

const product = await firstProductId();
const pages: { label: string; path: string; budgetKb: number | null }[] = [
  { label: "/", path: "/", budgetKb: JS_BUDGETS_KB["/"] },
  { label: "/browse", path: "/browse", budgetKb: JS_BUDGETS_KB["/browse"] },
  { label: "/product/{id}", path: `/product/${product}`, budgetKb: JS_BUDGETS_KB["/product/{id}"] },
  { label: "/categories", path: "/categories", budgetKb: null },
  { label: "/faq", path: "/faq", budgetKb: null },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
let over = 0;
console.log(`First-load JavaScript on a phone screen, ${base}\n`);
console.log("| Page | JS (KB, gzipped) | Budget | |\n|---|---|---|---|");
const details: string[] = [];
for (const { label, path, budgetKb } of pages) {
  const scripts = await firstLoadScripts(browser, base + path);
  const total = kb(totalBytes(scripts));
  const missed = budgetKb !== null && total > budgetKb;
  if (missed) over += 1;
  console.log(`| ${label} | ${total.toFixed(1)} | ${budgetKb ?? "-"} | ${budgetKb === null ? "" : missed ? "MISSED" : "met"} |`);
  details.push(`${label}\n${scripts.map((s) => `  ${kb(s.bytes).toFixed(1).padStart(6)}  ${new URL(s.url).pathname}`).join("\n")}`);
}
await browser.close();
if (verbose) console.log(`\n${details.join("\n")}`);
if (over > 0) {
  console.log(`\n${over} page(s) over budget.`);
  process.exitCode = 1;
}
