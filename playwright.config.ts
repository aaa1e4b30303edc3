/**
 * End-to-end tests in Debian's Chromium (its headless shell when installed, else
 * /usr/bin/chromium; never `playwright install`)
 * against the end-to-end test build (`.next-e2e`, lib/platform/e2e-build.ts: the production build
 * plus the /e2e harness pages and the escrow job's moved clock), started by the README's
 * own start script on the embedded database with fresh data and demo seed. The start
 * script builds it first when it is missing or stale.
 */
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { serverEnv } from "./scripts/e2e-server-env";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// scripts/e2e.ts runs groups of specs side by side, each with its own server, data
// folder (embedded database, uploads, e-mails) and output folder.
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
const BASE_URL = `http://localhost:${PORT}`;
// Debian's headless shell (package chromium-headless-shell) when it is installed: the same
// Blink without the full browser around it, about 15% less CPU per spec on CI's two cores
// (messaging and phone-chat: 99 s against 116 s). Else Debian's chromium.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI machines have two cores, shared by Chromium, the server and PostgreSQL (and in
  // faults.spec.ts a PostgreSQL and two app instances of its own): a page that hydrates
  // in a second on a laptop can take ten there. The waits are for the same things, only
  // longer.
  timeout: process.env.CI ? 180_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    // An action (click, fill, selectOption) waits at most this long for its element:
    // without a limit one that never appears waits out the whole test (four minutes in
    // CI) before the retry can start.
    actionTimeout: process.env.CI ? 45_000 : 20_000,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // A trace records every action's DOM and a screencast, which costs CPU on every test
    // of a CI run that is CPU-bound on two cores: CI records it for the retry of a failed
    // test only (each failed test is retried once), locally for every test kept on failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // As a user who asked for less motion: the app's CSS then ends transitions and
    // animations at once (app/globals.css), so no test waits for one, and Chromium does
    // not paint skeleton pulses and spinners frame after frame (the GPU process's CPU
    // halved on reviews-wishlist.spec.ts). Specs that need motion can ask for it.
    reducedMotion: "reduce",
    // Without the service worker (components/pwa): registered, it installs in every new
    // context (each test's), fetching the icons and rendering the offline page with its
    // scripts, and then stands between the page and every request. register-and-log-in.spec.ts checks
    // that it registers, with service workers allowed there.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && tsx scripts/start.ts`,
    url: `${BASE_URL}/api/health`,
    timeout: 600_000,
    // scripts/e2e.ts starts each group's server itself and runs the group's spec files one
    // `playwright test` at a time against it (E2E_SERVER=running).
    reuseExistingServer: process.env.E2E_SERVER === "running",
    stdout: "pipe",
    stderr: "pipe",
    env: serverEnv(PORT, DATA_DIR),
  },
});
