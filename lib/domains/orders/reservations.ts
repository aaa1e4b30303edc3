/**
 * Reservations held through unpaid checkouts. Released at once when a user is banned or
 * deletes their account: the checkouts they started as a buyer, so their hold on
 * products does not outlive them, and the checkouts that hold their items as a seller,
 * so nobody pays a seller who can no longer hand over (fulfilPaid refunds a payment that
 * arrives anyway).
 */
import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";
import { paymentProvider } from "@/lib/domains/payments";
import { releaseCheckout } from "./fulfilment";

/**
 * Ends every open, unpaid checkout that `userId` started or that holds one of their
 * items (a cart checkout ends whole: one payment covers all its items). The Stripe
 * session is expired at the provider first (so it can no longer be paid), then the
 * orders are cancelled and the products are released. A checkout paid in the meantime
 * is left to fulfilment (releaseCheckout ignores paid ones). Returns how many ended.
 */
export async function releaseReservationsOf(userId: string): Promise<number> {
  const open = await db.checkoutSession.findMany({
    where: {
      status: "open",
      paymentStatus: "unpaid",
      OR: [{ buyerId: userId }, { orders: { some: { sellerId: userId, status: "pending" } } }],
    },
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
