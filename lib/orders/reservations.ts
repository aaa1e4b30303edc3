/**
 * Reservations a buyer holds through unpaid checkouts. Released at once when the buyer is
 * banned or deletes their account, so their hold on products does not outlive them.
 */
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { paymentProvider } from "@/lib/payments";
import { releaseCheckout } from "./fulfilment";

/**
 * Ends every open, unpaid checkout of `userId`: the Stripe session is expired at the
 * provider first (so it can no longer be paid), then the orders are cancelled and the
 * products are for sale again. A checkout paid in the meantime is left to run its course
 * (releaseCheckout ignores paid ones). Returns how many checkouts were ended.
 */
export async function releaseReservationsOf(userId: string): Promise<number> {
  const open = await db.checkoutSession.findMany({
    where: { buyerId: userId, status: "open", paymentStatus: "unpaid" },
    select: { id: true, provider: true, providerSessionId: true },
  });
  for (const session of open) {
    if (session.provider === "stripe" && session.providerSessionId) {
      try {
        await paymentProvider().expireCheckout(session.providerSessionId);
      } catch (error) {
        // Already completed or expired at Stripe: its webhook settles it either way.
        log().warn({ err: error, checkoutId: session.id }, "could not expire checkout at the provider");
      }
    }
    await releaseCheckout(session.id, "cancelled");
  }
  return open.length;
}
