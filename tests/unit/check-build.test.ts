// The e2e harness lives in the test build only (lib/platform/e2e-build.ts): scripts/check-build.ts,
// the last step of `npm run build`, fails a production build that holds a harness route.
// Here it runs on small fake build folders; next.config.ts is loaded in both modes.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkBuild } from "@/scripts/check-build";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** A build folder with the three manifests Next writes, naming `routes` (app routes). */
function fakeBuild(routes: string[], options: { omit?: string } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kringwaar-check-build-"));
  made.push(dir);
  mkdirSync(path.join(dir, "server", "app"), { recursive: true });
  const dynamic = (route: string) => route.includes("[");
  const files: Record<string, unknown> = {
    "routes-manifest.json": {
      version: 3,
      staticRoutes: routes.filter((r) => !dynamic(r)).map((page) => ({ page, regex: "" })),
      dynamicRoutes: routes.filter(dynamic).map((page) => ({ page, regex: "" })),
    },
    "app-path-routes-manifest.json": Object.fromEntries(routes.map((route) => [`${route}/page`, route])),
    "server/app-paths-manifest.json": Object.fromEntries(routes.map((route) => [`${route}/page`, `app${route}/page.js`])),
  };
  for (const [name, content] of Object.entries(files)) {
    if (name !== options.omit) writeFileSync(path.join(dir, name), JSON.stringify(content));
  }
  return dir;
}

const SHOP = ["/_not-found", "/api/health", "/[locale]", "/[locale]/browse", "/[locale]/product/[id]"];

describe("scripts/check-build.ts", () => {
  it("passes a production build without harness routes", () => {
    expect(checkBuild(fakeBuild(SHOP), { testBuild: false })).toEqual([]);
  });

  it("fails a production build that holds a harness page, naming it", () => {
    const problems = checkBuild(fakeBuild([...SHOP, "/[locale]/e2e/products-map"]), { testBuild: false });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join("\n")).toContain("/[locale]/e2e/products-map");
  });

  it("finds a harness page that only the compiled pages show", () => {
    const dir = fakeBuild(SHOP);
    mkdirSync(path.join(dir, "server", "app", "[locale]", "e2e", "item-location"), { recursive: true });
    expect(checkBuild(dir, { testBuild: false }).join("\n")).toContain("server/app/[locale]/e2e");
  });

  it("does not take a route that merely contains the letters for one", () => {
    expect(checkBuild(fakeBuild([...SHOP, "/[locale]/product/e2e-bike", "/api/e2ex"]), { testBuild: false })).toEqual([]);
  });

  it("fails when a manifest is missing or names nothing, rather than passing blind", () => {
    expect(checkBuild(fakeBuild(SHOP, { omit: "routes-manifest.json" }), { testBuild: false })[0]).toMatch(/routes-manifest\.json is missing/);
    expect(checkBuild(path.join(tmpdir(), "kringwaar-no-such-build"), { testBuild: false })[0]).toMatch(/is missing/);
    expect(checkBuild(fakeBuild([]), { testBuild: false })[0]).toMatch(/no route at all/);
  });

  it("on the test build, requires the harness pages", () => {
    expect(checkBuild(fakeBuild([...SHOP, "/[locale]/e2e/products-map"]), { testBuild: true })).toEqual([]);
    expect(checkBuild(fakeBuild(SHOP), { testBuild: true })[0]).toMatch(/no \/e2e harness route/);
  });
});

/** Route files by Next's names, which any build would compile with the default extensions. */
const ROUTE_FILE = /^(page|route|layout|template|loading|error|not-found|default|global-error|forbidden|unauthorized)\.(tsx|ts|jsx|js)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe("the harness pages and next.config.ts", () => {
  it("names every harness page page.e2e.tsx, which only the test build takes for a route", () => {
    const harness = filesUnder(path.join("app", "[locale]", "e2e"));
    expect(harness.filter((file) => file.endsWith("page.e2e.tsx")).length).toBeGreaterThan(0);
    expect(harness.filter((file) => ROUTE_FILE.test(path.basename(file)))).toEqual([]);
  });

  it("builds production into .next without the harness extensions, and fixes the flag off", async () => {
    vi.stubEnv("KRINGWAAR_E2E_BUILD", "");
    const { default: config } = await import("@/next.config");
    expect(config.distDir).toBe(".next");
    expect(config.pageExtensions).not.toContain("e2e.tsx");
    expect(config.env).toMatchObject({ KRINGWAAR_E2E_BUILD: "0" });
  });

  it("builds the test build into .next-e2e with the harness pages, and fixes the flag on", async () => {
    vi.stubEnv("KRINGWAAR_E2E_BUILD", "1");
    const { default: config } = await import("@/next.config");
    expect(config.distDir).toBe(".next-e2e");
    expect(config.pageExtensions).toEqual(expect.arrayContaining(["tsx", "ts", "e2e.tsx", "e2e.ts"]));
    expect(config.env).toMatchObject({ KRINGWAAR_E2E_BUILD: "1" });
  });
});
