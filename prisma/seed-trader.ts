// The demo business seller's trader details (KvK number and business address), so
// the product page and seller profile show a complete trader block out of the box.
import type { Tx } from "@/lib/platform/db/client";

export const DEMO_TRADER = { kvkNumber: "68750110", businessAddress: "Neude 11, 3512 AE Utrecht" };

export async function seedTraderDetails(tx: Tx, businessSellerId: string | undefined): Promise<void> {
  if (!businessSellerId) return;
  await tx.user.update({ where: { id: businessSellerId }, data: DEMO_TRADER });
}
