/**
 * A step after `next build` (scripts/after-build.ts), before the compression: marks
 * every script a page loads with its HTML for eager compilation, with V8's explicit
 * compile hint `//# allFunctionsCalledOnLoad` as the file's first line (Chrome 136 and
 * later; other engines read a comment).
 *
 * Without it V8 compiles a function on its first call, on the main thread: Turbopack's
 * module factories, React DOM's and the router's functions and our client components
 * are each compiled while the page starts, in the tasks Lighthouse counts as blocking
 * (V8.CompileCode: 120–145 ms of main-thread CPU on `/browse` on CI's two cores, half
 * of it in the longest task, module instantiation). With the hint V8 compiles the whole
 * file while it streams it, on a background thread (docs/performance.md, "Compile hints and a stepped spinner").
 *
 * Only the first-load scripts are marked (the build manifest's root files and each page's
 * entry files in its client reference manifest), whose code nearly all runs at start. A
 * chunk that only ever loads later (the login dialog's own code, the map) keeps V8's lazy
 * compilation; one that is some page's first-load script is marked wherever it loads
 * (the account forms' rules, first on /dashboard, later in the login dialog elsewhere),
 * and is then compiled off the main thread there too. The files keep their names: the
 * comment is the same on every build, so a name still means one content.
 *
 *   tsx scripts/compile-hints.ts [distDir]   # default: .next, or .next-e2e for the test build
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";
import { distDirOf } from "../lib/platform/e2e-build";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Every page's client reference manifest under `dir` (server/app). */
function manifestsUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((entry) => entry.endsWith("_client-reference-manifest.js"))
    .map((entry) => path.join(dir, entry));
}

type ClientManifest = { entryJSFiles?: Record<string, string[]> };

/**
 * The scripts pages load with their HTML, as paths under the build folder
 * (`static/chunks/….js`): the build manifest's `rootMainFiles` (the runtime, React DOM,
 * the router) and every entry file of every page's client reference manifest (a
 * layout's or a page's client components). Not the polyfills, which only browsers
 * without modules load.
 */
export function firstLoadScripts(distDir: string): string[] {
  const build = JSON.parse(readFileSync(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  const files = new Set(build.rootMainFiles ?? []);
  const manifests = manifestsUnder(path.join(distDir, "server", "app"));
  if (files.size === 0 || manifests.length === 0) throw new Error(`compile-hints: no first-load scripts in ${distDir}'s manifests`);
  for (const file of manifests) {
    // Each file sets globalThis.__RSC_MANIFEST[page] = {...}: run it in a context of its own.
    const context: { globalThis?: unknown; __RSC_MANIFEST?: Record<string, ClientManifest> } = {};
    context.globalThis = context;
    vm.runInNewContext(readFileSync(file, "utf8"), context, { filename: file });
    for (const manifest of Object.values(context.__RSC_MANIFEST ?? {})) {
      for (const scripts of Object.values(manifest.entryJSFiles ?? {})) for (const script of scripts) files.add(script);
    }
  }
  return [...files].filter((file) => file.endsWith(".js")).sort();
}

/** Puts the hint on top of each first-load script that has none yet; returns how many it marked. */
export function addCompileHints(distDir: string): { marked: number; bytes: number } {
  let marked = 0;
  let bytes = 0;
  for (const script of firstLoadScripts(distDir)) {
    const file = path.join(distDir, script);
    const source = readFileSync(file, "utf8");
    bytes += Buffer.byteLength(source);
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    marked += 1;
  }
  return { marked, bytes };
}

/** The step as scripts/after-build.ts runs it: marks, and says what it did. */
export function compileHintsStep(distDir: string): void {
  const { marked, bytes } = addCompileHints(distDir);
  console.log(`compile-hints: ${marked} first-load scripts (${(bytes / 1024).toFixed(1)} KB) marked for eager compilation`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  compileHintsStep(path.resolve(process.argv[2] ?? distDirOf()));
}
