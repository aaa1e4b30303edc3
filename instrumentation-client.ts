// Runs in the browser before the app's own code (Next.js instrumentation-client).
//
// zod 4 probes `new Function("")` when it builds its first object schema, to decide
// whether it may compile fast parsers. Our Content Security Policy has no 'unsafe-eval'
// (lib/platform/security/headers.ts), so the probe fails, zod falls back to its interpreted
// parsers, and Chromium reports a CSP violation for the attempt. `jitless` skips the
// probe and goes straight to the interpreted parsers. Set through the global zod reads
// its configuration from (zod/v4/core `globalConfig`), so that this file adds no zod to
// the first load. tests/e2e/security.spec.ts fails if a violation comes back.
const config = ((globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= {});
config.jitless = true;

export {};
