// Runs before each test file: configuration for the app code, and a clean database.
import { afterAll, beforeAll, inject } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATABASE_POOL_MAX = inject("databaseKind") === "pglite" ? "1" : "4";
process.env.AUTH_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
// A tax data key of its own, as production requires: tests that switch to NODE_ENV=production
// for another setting still start.
process.env.TAX_DATA_KEY = "7e57".repeat(16);
process.env.APP_URL = "http://localhost:3000";
process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? "silent";
process.env.MAIL_SEND_ON_ENQUEUE = "false";
process.env.PUSH_SEND_ON_WRITE = "false";
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "kringwaar-test-"));

const { truncateAll } = await import("./db");
const { disconnectDb } = await import("@/lib/platform/db/client");

beforeAll(async () => {
  await truncateAll();
});

afterAll(async () => {
  await disconnectDb();
});
