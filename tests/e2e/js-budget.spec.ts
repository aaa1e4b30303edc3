// The JavaScript budget as a CI gate: the production build's first load of /, /browse and
// a product page, on a phone screen, signed out, transfers at most JS_BUDGETS_KB of
// gzipped JavaScript (185 KB each, as Next compresses; docs/performance.md). A size check,
// not a timing: it fails when a change puts a library or a dialog back on the first load,
// and lists the scripts, biggest first. Measured like `npm run bench:pages`
// (scripts/bench/page-weight.ts).
import { expect, test } from "@playwright/test";
import { firstLoadScripts, JS_BUDGETS_KB, kb, totalBytes, type BudgetedPage } from "../../scripts/bench/page-weight";

test.describe.configure({ mode: "serial" });

let productPath = "";

test.beforeAll(async ({ request }) => {
  const res = await request.get("/api/products?limit=1");
  expect(res.status()).toBe(200);
  const [first] = (await res.json()) as { id: string }[];
  expect(first, "the demo seed has products").toBeTruthy();
  productPath = `/product/${first!.id}`;
});

for (const page of Object.keys(JS_BUDGETS_KB) as BudgetedPage[]) {
  test(`first load of ${page} stays within ${JS_BUDGETS_KB[page]} KB of JavaScript`, async ({ browser, baseURL }) => {
    const path = page === "/product/{id}" ? productPath : page;
    const scripts = await firstLoadScripts(browser, `${baseURL}${path}`);
    const total = kb(totalBytes(scripts));
    const listing = scripts.map((s) => `${kb(s.bytes).toFixed(1).padStart(6)} KB  ${new URL(s.url).pathname}`).join("\n");
    expect(scripts.length, "the page loads its scripts").toBeGreaterThan(0);
    expect(total, `${page}: ${total.toFixed(1)} KB of JavaScript\n${listing}`).toBeLessThanOrEqual(JS_BUDGETS_KB[page]);
  });
}
