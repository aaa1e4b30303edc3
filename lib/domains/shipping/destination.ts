/** The buyer's last destination, offered again at the next checkout (GET /api/shipping/address). */
import { db, type Tx } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/platform/db/generated/client";
import type { ShippingAddress } from "./schemas";
import type { ServicePoint } from "./providers/types";
import type { LastDestinationJson } from "./responses";

export async function lastDestination(userId: string): Promise<LastDestinationJson> {
  const row = await db.shippingDestination.findUnique({ where: { userId } });
  return {
    address: (row?.address as ShippingAddress | null | undefined) ?? null,
    service_point: (row?.servicePoint as ServicePoint | null | undefined) ?? null,
  };
}

/** Remembers what the buyer chose (in the checkout's transaction). A home address stays remembered when a point is chosen. */
export async function rememberDestination(tx: Tx, userId: string, choice: { address: ShippingAddress | null; servicePoint: ServicePoint | null }) {
  const json = (v: unknown) => v as Prisma.InputJsonValue;
  const update = choice.address ? { address: json(choice.address) } : { servicePoint: json(choice.servicePoint) };
  await tx.shippingDestination.upsert({
    where: { userId },
    create: { userId, address: choice.address ? json(choice.address) : undefined, servicePoint: choice.servicePoint ? json(choice.servicePoint) : undefined },
    update,
  });
}
