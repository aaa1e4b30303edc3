// The codebase checks of scripts/check-codebase.ts (docs/architecture.md, "Codebase
// checks"), each on a small tree written to a temporary folder: what it finds and what
// it lets pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  badTestNames,
  codebaseProblems,
  fetchCallsIn,
  historyMarkers,
  historyMarkersIn,
  isHistoryTestName,
  missingFrameworkParts,
  ownFormatterImports,
  outsideReferences,
  outsideReferencesIn,
  postcodeNormalisers,
  rawFetchInComponents,
  requestFormatterDates,
  sourceFiles,
} from "@/scripts/check-codebase";

const trees: string[] = [];

/** A folder with these files (path → text). */
function tree(files: Record<string, string>): string {
  const base = mkdtempSync(path.join(tmpdir(), "kw-codebase-"));
  trees.push(base);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  }
  return base;
}

afterEach(() => {
  for (const base of trees.splice(0)) rmSync(base, { recursive: true, force: true });
});

/** A tree that passes every check. */
const CLEAN: Record<string, string> = {
  "docs/payments.md": "# Payments\n\nThe seller is paid 3 days after the handover.\n",
  "lib/domains/geo/postcode.ts": 'export function normalisePostcode(raw: string): string | null {\n  return raw.trim() || null;\n}\n',
  "components/lib/api-client.ts": 'export const get = (url: string) => fetch(url);\n',
  "components/ui/button.tsx": 'import { Slot } from "@radix-ui/react-slot";\nimport { cva } from "class-variance-authority";\nexport const parts = [Slot, cva];\n',
  "components/auth/session.tsx": 'import { useSession } from "next-auth/react";\nimport { useFormatter } from "next-intl";\nexport const useParts = () => [useSession(), useFormatter()];\n',
  "app/page.tsx": 'import { getFormatter } from "next-intl/server";\nexport default async function Page() {\n  return (await getFormatter()).number(1, "euro");\n}\n',
  "tests/api/orders/cancel.test.ts": "// Cancelling an unpaid order.\n",
  "tests/e2e/checkout-journey.spec.ts": "// A buyer pays for one item.\n",
  "tests/api/sessions.test.ts": "// Sessions end on logout.\n",
};

describe("a clean tree", () => {
  it("passes every check", () => {
    expect(codebaseProblems(tree(CLEAN))).toEqual([]);
  });

  it("skips installed and built output", () => {
    const base = tree({ ...CLEAN, "node_modules/x/index.ts": "// see issue 12\n", ".next/server/page.js": "// DECISIONS.md\n" });
    expect(sourceFiles(base).some((f) => f.startsWith("node_modules") || f.startsWith(".next"))).toBe(false);
    expect(codebaseProblems(base)).toEqual([]);
  });
});

describe("history markers", () => {
  it("finds issue numbers, sessions, rounds and dated notes", () => {
    expect(historyMarkersIn("// fixed in issue 29 item 4")).toEqual(["1: an issue number"]);
    expect(historyMarkersIn("// see #48 for why")).toEqual(["1: an issue number"]);
    expect(historyMarkersIn("/** (Issue 13) */")).toEqual(["1: an issue number"]);
    expect(historyMarkersIn('// limits of issue "Abuse resistance"')).toEqual(["1: an issue title"]);
    expect(historyMarkersIn("We measured this in the ninth session.")).toEqual(["1: a session or round"]);
    expect(historyMarkersIn("Added in the fourth round.")).toEqual(["1: a session or round"]);
    expect(historyMarkersIn("### Figures at 1,000,000 (2026-11-29, later)")).toEqual(["1: a dated heading"]);
    expect(historyMarkersIn("Measured 2026-11-28: with two groups")).toEqual(["1: a dated note"]);
    expect(historyMarkersIn("the same spec took 99 s (2026-11-28, six specs)")).toEqual(["1: a dated note"]);
  });

  it("lets through colours, dates in data and ordinary words", () => {
    expect(historyMarkersIn('const red = "#333";')).toEqual([]);
    expect(historyMarkersIn("color: #fff; background: #123456;")).toEqual([]);
    expect(historyMarkersIn('const due = new Date("2026-11-28T10:00:00Z");')).toEqual([]);
    expect(historyMarkersIn("/** kringwaar-export-2026-11-24.json, by the date in the Netherlands. */")).toEqual([]);
    expect(historyMarkersIn("// The session ends on logout; the zod issue names its rule.")).toEqual([]);
  });

  it("reports the file and line in a tree", () => {
    const base = tree({ ...CLEAN, "lib/domains/orders/service.ts": "// Orders.\n// Refund after 14 days (issue 5).\n" });
    expect(historyMarkers(base)).toEqual(["lib/domains/orders/service.ts:2: an issue number"]);
  });
});

describe("references outside the repository", () => {
  it("finds the specification files and the shared folder", () => {
    expect(outsideReferencesIn("// (SPEC.md section 4)")).toEqual([1]);
    expect(outsideReferencesIn("x\n// DECISIONS.md section 6: the fee")).toEqual([2]);
    expect(outsideReferencesIn("// in the SPEC order")).toEqual([1]);
    expect(outsideReferencesIn("See `../shared/ARCHITECTURE.md`.")).toEqual([1]);
    expect(outsideReferencesIn('const dir = "/work/shared/notes";')).toEqual([1]);
  });

  it("allows the DAC7 schema folder and ordinary words", () => {
    expect(outsideReferencesIn('const xsd = path.join(root, "../shared/dpi/DPIXML_v1.0.xsd");')).toEqual([]);
    expect(outsideReferencesIn("// The spec of the carrier's API; decisions are the admin's.")).toEqual([]);
  });

  it("reports the file and line in a tree", () => {
    const base = tree({ ...CLEAN, "docs/payments.md": "# Payments\n\nAs DECISIONS.md says.\n" });
    expect(outsideReferences(base)).toEqual(["docs/payments.md:3"]);
  });
});

describe("raw fetch() in components", () => {
  it("finds fetch, window.fetch and globalThis.fetch calls, not the word in comments or strings", () => {
    const text = [
      "// fetch() is not called here",
      'const label = "fetch(";',
      'export const a = () => fetch("/api/cart");',
      'export const b = () => window.fetch("/api/cart");',
      'export const c = () => globalThis.fetch("/api/cart");',
      "export const d = (api: { fetch: (u: string) => void }) => api.fetch(\"/api/cart\");",
    ].join("\n");
    expect(fetchCallsIn("components/x.tsx", text)).toEqual([3, 4, 5]);
  });

  it("allows the API client and reports every other file of components/", () => {
    const base = tree({ ...CLEAN, "components/cart/use-cart.ts": 'export const load = () => fetch("/api/cart");\n', "app/page-data.ts": 'export const x = () => fetch("/x");\n' });
    expect(rawFetchInComponents(base)).toEqual(["components/cart/use-cart.ts:1"]);
  });
});

describe("the framework's parts", () => {
  it("names each part no file of app/ or components/ imports", () => {
    const base = tree({ ...CLEAN, "components/ui/button.tsx": 'import { Slot } from "./slot";\nexport const parts = [Slot];\n', "app/page.tsx": "export default 1;\n" });
    expect(missingFrameworkParts(base)).toEqual(["@radix-ui/react-slot (Slot)", "class-variance-authority (cva)"]);
  });

  it("wants the formatter itself from next-intl, not any import of it", () => {
    const base = tree({
      ...CLEAN,
      "components/auth/session.tsx": 'import { useSession } from "next-auth/react";\nimport { useTranslations } from "next-intl";\nexport const hooks = [useSession, useTranslations];\n',
      "app/page.tsx": 'import { getTranslations } from "next-intl/server";\nexport default getTranslations;\n',
    });
    expect(missingFrameworkParts(base)).toEqual(["next-intl's formatter (useFormatter or getFormatter)"]);
  });
});

describe("the formatter", () => {
  it("counts useFormatter only when it is called", () => {
    const without = { ...CLEAN, "components/auth/session.tsx": 'import { useSession } from "next-auth/react";\nexport const useUser = () => useSession();\n', "app/page.tsx": "export default 1;\n" };
    const imported = tree({ ...without, "components/price.tsx": 'import { useFormatter } from "next-intl";\nexport type F = typeof useFormatter;\n' });
    expect(missingFrameworkParts(imported)).toContain("next-intl's formatter (useFormatter or getFormatter)");
    const called = tree({ ...without, "components/price.tsx": 'import { useFormatter } from "next-intl";\nexport const usePrice = () => useFormatter().number(1, "euro");\n' });
    expect(missingFrameworkParts(called)).not.toContain("next-intl's formatter (useFormatter or getFormatter)");
  });

  it("reports imports of the removed own formatter module", () => {
    const base = tree({
      ...CLEAN,
      "components/price.tsx": 'import { formatEuro } from "@/lib/platform/i18n/format";\nexport const p = formatEuro;\n',
      "lib/platform/i18n/other.ts": 'import { formatDate } from "./format";\nexport const d = formatDate;\n',
      "components/ok.tsx": 'import { money } from "@/lib/platform/i18n/formats";\nexport const m = money;\n',
    });
    expect(ownFormatterImports(base).sort()).toEqual(["components/price.tsx", "lib/platform/i18n/other.ts"]);
  });

  it("reports dates formatted with the request formatter, not money or appFormatter's dates", () => {
    const base = tree({
      ...CLEAN,
      "components/ticket.tsx": 'import { useFormatter } from "next-intl";\nexport function T({ at }: { at: string }) {\n  const format = useFormatter();\n  return format.dateTime(new Date(at), { dateStyle: "medium" });\n}\n',
      "app/order/page.tsx": 'import { getFormatter } from "next-intl/server";\nexport default async function P() {\n  const f = await getFormatter();\n  return f.dateTime(new Date(), "date");\n}\n',
      "components/price.tsx": 'import { useFormatter } from "next-intl";\nimport { appFormatter } from "@/lib/platform/i18n/formats";\nexport function P() {\n  const format = useFormatter();\n  return [format.number(1, "euro"), appFormatter("en").dateTime(new Date(), "date")];\n}\n',
    });
    expect(requestFormatterDates(base).sort()).toEqual(["app/order/page.tsx", "components/ticket.tsx"]);
    expect(requestFormatterDates(tree(CLEAN))).toEqual([]);
  });
});

describe("test file names", () => {
  it("refuses names after an issue, a fix or a letter of a series", () => {
    for (const name of ["phone-fixes-a.spec.ts", "issue-29.spec.ts", "issue29.test.ts", "fix-cart.test.ts", "regression.test.ts", "orders-b.spec.ts", "i48.test.ts"]) {
      expect(isHistoryTestName(`tests/e2e/${name}`), name).toBe(true);
    }
  });

  it("allows names by feature or journey", () => {
    for (const name of ["sessions.test.ts", "checkout-journey.spec.ts", "prefix-search.test.ts", "a11y.spec.ts", "dac7-report.test.ts", "suffix.test.ts"]) {
      expect(isHistoryTestName(`tests/api/${name}`), name).toBe(false);
    }
  });

  it("reports the files in a tree", () => {
    const base = tree({ ...CLEAN, "tests/e2e/phone-fixes-b.spec.ts": "// x\n" });
    expect(badTestNames(base)).toEqual(["tests/e2e/phone-fixes-b.spec.ts"]);
  });
});

describe("one postcode normaliser", () => {
  it("counts every definition, in either spelling", () => {
    const base = tree({
      ...CLEAN,
      "components/shipping/types.ts": "export function normalizePostcode(raw: string) {\n  return raw;\n}\n",
      "lib/domains/shipping/schemas.ts": "export const normalisePostcodeNL = (raw: string) => raw;\n",
    });
    expect(postcodeNormalisers(base)).toEqual([
      "components/shipping/types.ts: normalizePostcode",
      "lib/domains/geo/postcode.ts: normalisePostcode",
      "lib/domains/shipping/schemas.ts: normalisePostcodeNL",
    ]);
    expect(codebaseProblems(base)).toEqual([expect.stringContaining("More than one postcode normaliser")]);
  });

  it("does not count calls of the one normaliser", () => {
    const base = tree({ ...CLEAN, "lib/domains/shipping/address.ts": 'import { normalisePostcode } from "@/lib/domains/geo";\nexport const tidy = (raw: string) => normalisePostcode(raw);\n' });
    expect(postcodeNormalisers(base)).toEqual(["lib/domains/geo/postcode.ts: normalisePostcode"]);
  });
});
