/**
 * Whether a build (the production `.next`, or the end-to-end test build `.next-e2e`,
 * lib/platform/e2e-build.ts) is missing or older than the sources it is made of: scripts/start.ts
 * rebuilds then, and scripts/e2e.ts builds the test build once before its groups.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { distDirOf } from "../lib/platform/e2e-build";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The Prisma client, which `prisma generate` rewrites on every start: it follows from
 * prisma/schema.prisma, which is checked instead (else every start would rebuild, and
 * CI's end-to-end run would build the app a second time). The client bundles read no
 * environment at build time (no NEXT_PUBLIC_ variables), so `npm run build`'s output
 * serves any settings.
 */
const GENERATED = path.join(root, "lib", "platform", "db", "generated");

const SOURCES = ["app", "components", "lib", "messages", "public", "types", "next.config.ts", "cache-handler.mjs", "proxy.ts", "instrumentation-client.ts", "package.json", "prisma/schema.prisma", "postcss.config.mjs"];

/** Newest modification time under the given paths (files only). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p) || p === GENERATED) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

/** `distDir`: the build's folder, by default the one the environment asks for (distDirOf). */
export function buildIsStale(distDir = distDirOf()): boolean {
  const buildId = path.join(root, distDir, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  return newestMtime(SOURCES) > statSync(buildId).mtimeMs;
}
