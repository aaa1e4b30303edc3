// The end-to-end servers' settings, shared by playwright.config.ts and scripts/e2e.ts.

/**
 * The port of the push-service double that tests/e2e/push-notifications.spec.ts runs on
 * loopback for the server on `port`: its own for each server that scripts/e2e.ts starts
 * side by side (ports E2E_PORT + i).
 */
export function pushDoublePort(port: number): number {
  return port + 20_000;
}

/** The environment of the server the tests run against (here and in scripts/e2e.ts). */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    // No network in the tests: the offline gazetteer geocodes.
    GEOCODER: "offline",
    // The test build: the /e2e harness pages for the map components, the escrow job's
    // `now` parameter (scripts/start.ts builds and serves `.next-e2e`).
    KRINGWAAR_E2E_BUILD: "1",
    // The test runner plays the one trusted proxy: a spec's own X-Forwarded-For (one
    // address per made-up client, for the per-address limits) is believed; the
    // browser's requests count as 127.0.0.1 (scripts/server.ts).
    TRUST_PROXY_HOPS: "1",
    // Known to the payments spec, which runs the escrow job with a moved clock.
    CRON_SECRET: "e2e-cron-secret-kringwaar-0123456789",
    // Web Push subscriptions may name the push-service double on loopback besides the
    // browsers' push services (plain http: the test build only, lib/platform/push/endpoint.ts).
    PUSH_EXTRA_HOST: `127.0.0.1:${pushDoublePort(port)}`,
  };
}
