/**
 * The end-to-end test build: `KRINGWAAR_E2E_BUILD=1` when `next build` runs makes a
 * build of its own in `.next-e2e` (next.config.ts), never in the production `.next`.
 * Only that build has the component harness pages (`app/[locale]/e2e/**\/page.e2e.tsx`,
 * routes only where next.config.ts adds `e2e.tsx` to `pageExtensions`), the escrow job's
 * moved clock (`?now=` on /api/cron/release-payouts) and the harness pages' Google
 * hosts in the CSP (proxy.ts).
 *
 * E2E_BUILD is fixed when the app is built: next.config.ts's `env` writes the value into
 * the bundles in place of `process.env.KRINGWAAR_E2E_BUILD`, so a production build holds
 * `false` here whatever its environment says when it runs, and the minifier drops the
 * test-only branches. (Outside a Next bundle, in vitest and the scripts, it is read from
 * the environment.)
 */
export const E2E_BUILD = process.env.KRINGWAAR_E2E_BUILD === "1";

/** The environment variable that asks for the test build (build time and server start). */
export const E2E_BUILD_VAR = "KRINGWAAR_E2E_BUILD";

/** The folder of a build: `.next-e2e` for the test build, `.next` for production. */
export function distDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return env[E2E_BUILD_VAR] === "1" ? ".next-e2e" : ".next";
}
