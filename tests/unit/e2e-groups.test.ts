// scripts/e2e.ts runs the end-to-end specs in groups side by side; each group takes the
// next spec file from one queue, longest first.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { longestFirst } from "@/scripts/e2e";

const specs = readdirSync("tests/e2e")
  .filter((name) => name.endsWith(".spec.ts"))
  .map((name) => `tests/e2e/${name}`);

describe("e2e queue", () => {
  it("holds every spec file exactly once", () => {
    expect([...longestFirst(specs)].sort()).toEqual([...specs].sort());
  });

  it("starts with the longest ones, so no group ends on a long spec while the other idles", () => {
    const queue = longestFirst(specs);
    expect(queue.indexOf("tests/e2e/shipping.spec.ts")).toBeLessThan(queue.indexOf("tests/e2e/cache.spec.ts"));
    expect(queue.indexOf("tests/e2e/a11y.spec.ts")).toBeLessThan(queue.indexOf("tests/e2e/accounts-api.spec.ts"));
    expect(queue.at(-1)).toMatch(/api(-paths)?\.spec\.ts$/);
  });

  it("takes a spec it has no figure for as a middling one, so a new file still runs", () => {
    const queue = longestFirst([...specs, "tests/e2e/brand-new.spec.ts"]);
    expect(queue).toContain("tests/e2e/brand-new.spec.ts");
    expect(queue.indexOf("tests/e2e/brand-new.spec.ts")).toBeLessThan(queue.indexOf("tests/e2e/accounts-api.spec.ts"));
    expect(queue.indexOf("tests/e2e/brand-new.spec.ts")).toBeGreaterThan(queue.indexOf("tests/e2e/shipping.spec.ts"));
  });
});
