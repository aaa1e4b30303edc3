/**
 * Changing TAX_DATA_KEY (`npm run tax:rotate-key`, scripts/tax-rotate-key.ts): every
 * stored tax number and IBAN is decrypted with the old key and encrypted with the new
 * one in one transaction, with the table locked against writes meanwhile, so the
 * numbers are either all under the new key or all as they were. A value already under
 * the new key is left as it is (running it twice is safe); a value neither key opens
 * stops the run and changes nothing. docs/trust-and-law.md, "DAC7".
 */
import { db } from "@/lib/platform/db/client";
import { decryptWith, encryptWith } from "./crypto";

export type RotationResult = { profiles: number; reencrypted: number; already_new: number };

export class KeyRotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyRotationError";
  }
}

/** Whether `stored` opens with `key`. */
function opens(key: Buffer, stored: string): string | null {
  try {
    return decryptWith(key, stored);
  } catch {
    return null;
  }
}

function reencrypt(oldKey: Buffer, newKey: Buffer, stored: string, where: string): string | null {
  const plain = opens(oldKey, stored);
  if (plain !== null) return encryptWith(newKey, plain);
  if (opens(newKey, stored) !== null) return null;
  throw new KeyRotationError(`${where} opens with neither the old nor the new key: nothing was changed`);
}

export async function rotateTaxDataKey(oldKey: Buffer, newKey: Buffer): Promise<RotationResult> {
  if (oldKey.length !== 32 || newKey.length !== 32) throw new KeyRotationError("Both keys must be 32 bytes");
  if (oldKey.equals(newKey)) throw new KeyRotationError("The new key is the old key");
  return db.$transaction(
    async (tx) => {
      // Readers go on; a profile saved meanwhile waits for the commit (and its value,
      // written with the old key, would otherwise be missed).
      await tx.$executeRawUnsafe("LOCK TABLE tax_profiles IN EXCLUSIVE MODE");
      const rows = await tx.taxProfile.findMany({ select: { userId: true, tinEncrypted: true, ibanEncrypted: true, updatedAt: true }, orderBy: { userId: "asc" } });
      let reencrypted = 0;
      for (const row of rows) {
        const tin = reencrypt(oldKey, newKey, row.tinEncrypted, `The tax number of user ${row.userId}`);
        const iban = reencrypt(oldKey, newKey, row.ibanEncrypted, `The IBAN of user ${row.userId}`);
        if (tin === null && iban === null) continue;
        await tx.taxProfile.update({
          where: { userId: row.userId },
          // Only the numbers: updated_at says when the seller last changed their details.
          data: { ...(tin === null ? {} : { tinEncrypted: tin }), ...(iban === null ? {} : { ibanEncrypted: iban }), updatedAt: row.updatedAt },
        });
        reencrypted += 1;
      }
      return { profiles: rows.length, reencrypted, already_new: rows.length - reencrypted };
    },
    { timeout: 600_000, maxWait: 30_000 },
  );
}
