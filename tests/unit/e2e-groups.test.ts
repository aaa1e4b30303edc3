// scripts/e2e.ts splits the end-to-end specs into groups that run side by side.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { balance } from "@/scripts/e2e";

const specs = readdirSync("tests/e2e")
  .filter((name) => name.endsWith(".spec.ts"))
  .map((name) => `tests/e2e/${name}`);

describe("e2e groups", () => {
  it("runs every spec file exactly once, whatever the number of groups", () => {
    for (const groups of [1, 2, 3]) {
      const split = balance(specs, groups);
      expect(split).toHaveLength(groups);
      expect(split.flat().sort()).toEqual([...specs].sort());
    }
  });

  it("puts the two longest specs, the shipping journeys and the accessibility gate, apart", () => {
    const withA11y = balance(specs, 2).find((group) => group.includes("tests/e2e/a11y.spec.ts"));
    expect(withA11y).not.toContain("tests/e2e/shipping.spec.ts");
  });

  it("counts a spec it has no figure for, so a new file still gets a group", () => {
    const split = balance([...specs, "tests/e2e/brand-new.spec.ts"], 2);
    expect(split.flat()).toContain("tests/e2e/brand-new.spec.ts");
  });
});
