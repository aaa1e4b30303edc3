import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CartView } from "@/components/cart/cart-view";
import type { Cart } from "@/components/payments/checkout-client";
import { currentUser } from "@/lib/domains/accounts";
import { log } from "@/lib/platform/log";
import { getCart } from "@/lib/domains/orders";
import { SHIPPING } from "@/lib/domains/shipping";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("cart");
  return { title: t("title"), robots: { index: false } };
}

/**
 * /cart: the items and the order summary, or the empty state. The
 * first render has the cart already; if reading it fails, the page loads it through the
 * API instead and says so when that fails too. The (account) layout sends visitors to /.
 */
export default async function CartPage() {
  const [t, user] = await Promise.all([getTranslations("cart"), currentUser()]);
  let initial: Cart | null = null;
  if (user) {
    try {
      initial = await getCart(user.id);
    } catch (error) {
      log().warn({ err: error, userId: user.id }, "cart page: reading the cart failed");
    }
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t("subtitle")}</p>
      </header>
      {/* Buyer protection as it holds: until the handover for pickups, the claim window after delivery for parcels. */}
      <CartView initial={initial} claimHours={SHIPPING.claimHours} />
    </div>
  );
}
