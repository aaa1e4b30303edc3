/**
 * The last step after `next build` (scripts/after-build.ts): fails when the production build holds a route of
 * the end-to-end harness (`/e2e/...`, the `page.e2e.tsx` pages that only the test build
 * compiles, lib/platform/e2e-build.ts). It reads the routes the way Next serves them, from the
 * build's manifests (routes-manifest.json, app-path-routes-manifest.json,
 * server/app-paths-manifest.json), and also looks for an `e2e` folder among the compiled
 * pages (server/app). Run on the test build (KRINGWAAR_E2E_BUILD=1) it checks the
 * opposite: that the harness pages are there.
 *
 *   tsx scripts/check-build.ts [distDir]     # default: .next, or .next-e2e for the test build
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { distDirOf, E2E_BUILD_VAR } from "../lib/platform/e2e-build";

/** A route of the harness: one with an `e2e` path segment (`/[locale]/e2e/item-location`). */
const HARNESS = /(^|\/)e2e(\/|$)/;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8")) as unknown;
}

const pagesOf = (routes: unknown): string[] =>
  Array.isArray(routes) ? routes.flatMap((route: { page?: unknown }) => (typeof route?.page === "string" ? [route.page] : [])) : [];

/** Folders and files under `dir`, relative to it, with `/` between segments. */
function entriesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry}` : entry;
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? [relative, ...entriesUnder(full, relative)] : [relative];
  });
}

/**
 * Every route a build's manifests name (route paths and app paths), plus the compiled
 * page folders under server/app prefixed `server/app/`. Throws when a manifest is
 * missing: no build, or Next wrote them elsewhere, and the check would see nothing.
 */
export function buildRoutes(distDir: string): string[] {
  const manifest = (name: string) => {
    const file = path.join(distDir, name);
    if (!existsSync(file)) throw new Error(`${file} is missing: no complete build in ${distDir}`);
    return readJson(file);
  };
  const routes = manifest("routes-manifest.json") as { staticRoutes?: unknown; dynamicRoutes?: unknown };
  const appPathRoutes = manifest("app-path-routes-manifest.json") as Record<string, unknown>;
  const appPaths = manifest(path.join("server", "app-paths-manifest.json")) as Record<string, unknown>;
  const compiled = entriesUnder(path.join(distDir, "server", "app")).map((entry) => `server/app/${entry}`);
  return [
    ...pagesOf(routes.staticRoutes),
    ...pagesOf(routes.dynamicRoutes),
    ...Object.keys(appPathRoutes),
    ...Object.values(appPathRoutes).filter((value): value is string => typeof value === "string"),
    ...Object.keys(appPaths),
    ...compiled,
  ];
}

/** The problems of the build in `distDir` (none: it passes). */
export function checkBuild(distDir: string, options: { testBuild: boolean }): string[] {
  let routes: string[];
  try {
    routes = buildRoutes(distDir);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  if (routes.length === 0) return [`${distDir}: the manifests name no route at all`];
  const harness = [...new Set(routes.filter((route) => HARNESS.test(route)))].sort();
  if (options.testBuild) {
    return harness.length > 0 ? [] : [`${distDir}: the test build has no /e2e harness route (are the pages still named page.e2e.tsx?)`];
  }
  return harness.map((route) => `${distDir}: the production build holds the e2e harness route ${route}`);
}

/** The step as scripts/after-build.ts runs it: false, with the problems printed, when the build fails the check. */
export function checkBuildStep(distDir: string): boolean {
  const testBuild = process.env[E2E_BUILD_VAR] === "1";
  const problems = checkBuild(distDir, { testBuild });
  if (problems.length > 0) {
    for (const problem of problems) console.error(`check-build: ${problem}`);
    return false;
  }
  console.log(
    `check-build: ${path.relative(process.cwd(), distDir) || distDir} ${testBuild ? "has the e2e harness routes (test build)" : "has no e2e harness route"}`,
  );
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!checkBuildStep(path.resolve(process.argv[2] ?? distDirOf()))) process.exit(1);
}
