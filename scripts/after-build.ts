/**
 * What follows `next build`, for `npm run build` and for the build `npm start` makes
 * itself when the sources changed (scripts/start.ts) alike, so the two cannot drift
 * apart: scripts/check-build.ts, the e2e harness routes in the test build only. The
 * build's files are served as Next wrote them.
 *
 *   tsx scripts/after-build.ts [distDir]   # default: .next, or .next-e2e for the test build
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { distDirOf } from "../lib/platform/e2e-build";
import { checkBuildStep } from "./check-build";

/** Checks the build in `distDir`; false when it fails its check. */
export async function afterBuild(distDir: string): Promise<boolean> {
  return checkBuildStep(distDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (!(await afterBuild(path.resolve(process.argv[2] ?? distDirOf())))) process.exit(1);
}
