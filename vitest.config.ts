import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Test files that change modules for themselves (vi.mock), need modules loaded fresh
 * (next-auth's request storage), or set the environment when they load and keep it
 * (a statement timeout, an uploads folder, the offline geocoder): they run isolated.
 * Every other file shares one process and its loaded modules, which makes the whole run
 * several times faster (docs/architecture.md, "Testing").
 */
const ISOLATED = [
  "tests/api/accounts/reset-password.test.ts",
  "tests/api/platform/request-bodies.test.ts",
  "tests/api/platform/row-locks.test.ts",
  "tests/api/catalog/browse-and-search.test.ts",
  "tests/api/catalog/search-relevance.test.ts",
  "tests/api/platform/seed.test.ts",
  "tests/api/platform/seed-password.test.ts",
  "tests/api/support/demo-support-data.test.ts",
  "tests/unit/check-build.test.ts",
  "tests/api/platform/request-caches.test.ts",
  "tests/api/platform/page-cache-writes.test.ts",
  "tests/api/platform/failing-job-isolated.test.ts",
];
const ALL = ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: root }] },
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    // One database per project; files run one after another and truncate in between.
    fileParallelism: false,
    pool: "forks",
    // CI runs these beside the end-to-end tests at a lower priority (.ci/run): a test
    // that takes a second here may take several there.
    testTimeout: process.env.CI ? 60_000 : 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "shared", include: ALL, exclude: ISOLATED, isolate: false } },
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
    ],
  },
});
