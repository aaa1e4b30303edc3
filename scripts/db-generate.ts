/**
 * `npm run db:generate`: `prisma generate`, unless lib/platform/db/generated was already made from
 * this very schema by this Prisma version (a hash of both, kept next to the client).
 * `npm test`, `npm run typecheck` and `npm run build` call it first; skipping an up-to-date
 * client saves a few seconds each time, and lets CI run the PGlite and PostgreSQL test
 * runs side by side without two generators rewriting the client under each other.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const stampFile = path.join(root, "lib", "platform", "db", "generated", ".schema-hash");
const prismaVersion = (createRequire(import.meta.url)("prisma/package.json") as { version: string }).version;
const stamp = createHash("sha256")
  .update(prismaVersion)
  .update("\0")
  .update(readFileSync(path.join(root, "prisma", "schema.prisma")))
  .digest("hex");

if (existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === stamp) {
  process.exit(0);
}
const prisma = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "prisma.cmd" : "prisma");
const result = spawnSync(prisma, ["generate", "--no-hints"], { cwd: root, stdio: "inherit" });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, `${stamp}\n`);
