/**
 * What follows `next build`, in this order, for `npm run build` and for the build
 * `npm start` makes itself when the sources changed (scripts/start.ts) alike, so the two
 * cannot drift apart:
 * 1. scripts/compile-hints.ts: V8's eager-compile hint on every first-load script;
 * 2. scripts/precompress.ts: the Zopfli `.gz` copies the server answers from (after the
 *    hints, which change the files);
 * 3. scripts/check-build.ts: the e2e harness routes in the test build only.
 * Each can also be run alone.
 *
 *   tsx scripts/after-build.ts [distDir]   # default: .next, or .next-e2e for the test build
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { distDirOf } from "../lib/platform/e2e-build";
import { checkBuildStep } from "./check-build";
import { compileHintsStep } from "./compile-hints";
import { precompressStep } from "./precompress";

/** Runs the three steps on `distDir`; false when the build fails its check. */
export async function afterBuild(distDir: string): Promise<boolean> {
  compileHintsStep(distDir);
  await precompressStep(distDir);
  return checkBuildStep(distDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!(await afterBuild(path.resolve(process.argv[2] ?? distDirOf())))) process.exit(1);
}
