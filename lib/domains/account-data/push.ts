/**
 * A person's Web Push devices for their data export (docs/account-data.md,
 * docs/notifications.md "Web Push"): each subscribed device's push address and keys as
 * its browser gave them. The categories they let us push are in the export's profile.
 */
import type { Tx } from "@/lib/platform/db/client";

export async function pushDevices(tx: Tx, userId: string) {
  const devices = await tx.pushSubscription.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return devices.map((d) => ({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth }, created_at: d.createdAt.toISOString() }));
}
