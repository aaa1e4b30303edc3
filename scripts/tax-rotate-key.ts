/**
 * `npm run tax:rotate-key`: re-encrypts every stored tax number and IBAN from the old
 * TAX_DATA_KEY to a new one, in one transaction (lib/domains/tax/rotate.ts). The keys
 * come from the environment, so they stay out of the shell history and the process list:
 *
 *   TAX_DATA_KEY_OLD=<old> TAX_DATA_KEY_NEW=<new> DATABASE_URL=... npm run tax:rotate-key
 *
 * `TAX_DATA_KEY_OLD=auth-secret` means the key the app derives from AUTH_SECRET when
 * TAX_DATA_KEY is unset (an installation moving to a key of its own). Then deploy the new
 * key as TAX_DATA_KEY on every instance. docs/trust-and-law.md, "DAC7".
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

type Keys = { oldKey: Buffer; newKey: Buffer };

export async function keysFrom(source: Record<string, string | undefined>): Promise<Keys> {
  const { derivedKey, parseKey } = await import("../lib/domains/tax");
  const oldText = source.TAX_DATA_KEY_OLD?.trim();
  const newText = source.TAX_DATA_KEY_NEW?.trim();
  if (!oldText || !newText) throw new Error("Set TAX_DATA_KEY_OLD and TAX_DATA_KEY_NEW (make a new key with: openssl rand -hex 32)");
  let oldKey: Buffer | null;
  if (oldText === "auth-secret") {
    if (!source.AUTH_SECRET) throw new Error("TAX_DATA_KEY_OLD=auth-secret needs the AUTH_SECRET the app runs with");
    oldKey = derivedKey(source.AUTH_SECRET);
  } else {
    oldKey = parseKey(oldText);
  }
  if (!oldKey) throw new Error("TAX_DATA_KEY_OLD must be 32 bytes (64 hex characters or base64), or auth-secret");
  const newKey = parseKey(newText);
  if (!newKey) throw new Error("TAX_DATA_KEY_NEW must be 32 bytes (64 hex characters or base64)");
  return { oldKey, newKey };
}

/** The command without its process: the keys from `source`, the run, the line it prints. */
export async function rotateFromEnv(source: Record<string, string | undefined>): Promise<string> {
  const { oldKey, newKey } = await keysFrom(source);
  const { rotateTaxDataKey } = await import("../lib/domains/tax");
  const result = await rotateTaxDataKey(oldKey, newKey);
  return (
    `re-encrypted the tax numbers and IBANs of ${result.reencrypted} of ${result.profiles} tax profiles` +
    (result.already_new ? ` (${result.already_new} already under the new key)` : "") +
    ". Now set TAX_DATA_KEY to the new key on every instance and restart them."
  );
}

async function main() {
  // The app's settings are read for the database; in production they require a key, which
  // after this run is the new one.
  process.env.TAX_DATA_KEY ||= process.env.TAX_DATA_KEY_NEW;
  const { disconnectDb } = await import("../lib/platform/db/client");
  try {
    console.log(`[kringwaar] ${await rotateFromEnv(process.env)}`);
  } finally {
    await disconnectDb();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`[kringwaar] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
