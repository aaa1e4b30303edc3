"use client";

/**
 * The cart page: the items with an order summary, or the empty
 * state. Items that were sold or reserved by someone else since they were added stay
 * listed, marked, and do not count in the total; the checkout pays for the whole cart
 * (POST /api/payments/create-checkout-cart), so it waits until they are removed. After
 * a successful start the browser goes to the checkout after 1 s.
 * Back in view (another tab may have bought, or someone else), the cart is read again
 * and a notice names what left it and why (./cart-changes.ts).
 */
import * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { RotateCcwIcon, ShoppingCartIcon } from "lucide-react";
import { EmptyState } from "@/components/catalog/empty-state";
import { apiResult } from "@/components/lib/api-client";
import {
  isCheckoutStart,
  useOnPageRestore,
  usePaymentError,
  type Cart,
} from "@/components/payments/checkout-client";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { CheckoutFailure, DeliveryBody } from "@/components/shipping/delivery-checkout-dialog";
import type { CheckoutItem } from "@/components/shipping/checkout-totals";
import { cartChanges, useOnReturn, type CartChange } from "./cart-changes";
import { CartChangesNotice } from "./cart-changes-notice";
import { cartDeliveryItems } from "./cart-delivery";
import { CartLine } from "./cart-line";
import { CartSummary } from "./cart-summary";
import { cartTotals } from "./cart-totals";
import { announceCartChanged } from "./use-cart-count";

/** The delivery choice loads when a cart with a shipped item goes to checkout. */
const DeliveryCheckoutDialog = React.lazy(() => import("@/components/shipping/delivery-checkout-dialog"));

/** The cart flow goes to the checkout after 1 s. */
export const CART_REDIRECT_DELAY_MS = 1_000;

type Props = {
  /** The cart as the server read it; null when that failed (loaded here instead). */
  initial: Cart | null;
  /** Hours after a parcel's delivery the buyer may still report a problem (the protection copy). */
  claimHours: number;
};

/** GET /api/cart; null when that failed. */
async function fetchCart(): Promise<Cart | null> {
  const result = await apiResult<Cart>("/api/cart");
  return result.ok && Array.isArray(result.data?.items) ? result.data : null;
}

/** The cart as shown, what left it since, and whether loading it failed. */
function useCart(initial: Cart | null) {
  const t = useTranslations("cart");
  const [cart, setCart] = React.useState<Cart | null>(initial);
  const [changes, setChanges] = React.useState<CartChange[]>([]);
  const shownCart = React.useRef<Cart | null>(initial);
  React.useEffect(() => {
    shownCart.current = cart;
  }, [cart]);
  const [loadFailed, setLoadFailed] = React.useState(false);

  const showLoaded = React.useCallback(
    (loaded: Cart | null) => {
      if (loaded) {
        setCart(loaded);
        setLoadFailed(false);
        return;
      }
      toast.error(t("loadFailed"), { id: "cart-load-failed" });
      setLoadFailed(true);
    },
    [t],
  );
  const load = React.useCallback(() => fetchCart().then(showLoaded), [showLoaded]);

  /** Reads the cart again and says what left it since it was shown. */
  const reload = React.useCallback(async () => {
    const before = shownCart.current;
    const loaded = await fetchCart();
    if (!loaded) return;
    showLoaded(loaded);
    if (!before) return;
    const left = await cartChanges(before, loaded);
    if (left.length === 0) return;
    setChanges((current) => [...current.filter((c) => !left.some((l) => l.productId === c.productId)), ...left]);
    announceCartChanged();
  }, [showLoaded]);

  React.useEffect(() => {
    if (initial === null) void fetchCart().then(showLoaded);
  }, [initial, showLoaded]);

  return { cart, setCart, changes, setChanges, loadFailed, setLoadFailed, load, reload };
}

/** Removing an item: which are on their way out, and the removal itself. */
function useRemoveItem(
  setCart: (cart: Cart) => void,
  load: () => Promise<void>,
  itemsHeading: React.RefObject<HTMLHeadingElement | null>,
) {
  const t = useTranslations("cart");
  const paymentError = usePaymentError();
  const [removing, setRemoving] = React.useState<ReadonlySet<string>>(new Set());

  async function remove(productId: string) {
    setRemoving((current) => new Set(current).add(productId));
    const result = await apiResult<Cart>(`/api/cart/remove/${encodeURIComponent(productId)}`, { method: "DELETE" });
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(productId);
      return next;
    });
    if (result.ok && Array.isArray(result.data?.items)) {
      setCart(result.data);
      announceCartChanged();
      toast.success(t("removed"));
      // The focused remove button is gone with its row: keep the keyboard user in the list.
      requestAnimationFrame(() => itemsHeading.current?.focus());
    } else if (!result.ok && result.status === 404) {
      // Already gone (another tab): show the cart as it is.
      void load();
    } else {
      toast.error(result.ok ? t("removeFailed") : paymentError(result.error, t("removeFailed")));
    }
  }

  return { removing, remove };
}

/** The cart could not be shown: loading, or failed with a retry button. */
function CartUnavailable({ loadFailed, onRetry }: { loadFailed: boolean; onRetry: () => void }) {
  const t = useTranslations("cart");
  return loadFailed ? (
    <EmptyState
      icon={ShoppingCartIcon}
      title={t("loadFailed")}
      text={t("loadFailedText")}
      testId="cart-error"
      action={
        <Button
          variant="outline"
          onClick={onRetry}
          data-testid="cart-retry"
        >
          <RotateCcwIcon aria-hidden="true" />
          {t("retry")}
        </Button>
      }
    />
  ) : (
    <div className="flex min-h-60 items-center justify-center" data-testid="cart-loading">
      <Spinner label={t("loading")} className="size-8 text-primary" />
    </div>
  );
}

export function CartView({ initial, claimHours }: Props) {
  const t = useTranslations("cart");
  const tCheckout = useTranslations("checkout");
  const paymentError = usePaymentError();
  const { cart, setCart, changes, setChanges, loadFailed, setLoadFailed, load, reload } = useCart(initial);
  const [processing, setProcessing] = React.useState(false);
  /** The items of the delivery dialog while it is open. */
  const [choosing, setChoosing] = React.useState<CheckoutItem[] | null>(null);
  const redirectTimer = React.useRef<number | undefined>(undefined);
  const itemsHeading = React.useRef<HTMLHeadingElement>(null);
  const { removing, remove } = useRemoveItem(setCart, load, itemsHeading);

  React.useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  useOnReturn(() => {
    if (!processing) void reload();
  });


  // Back from the checkout page: the cart may have changed (reservations).
  useOnPageRestore(() => {
    window.clearTimeout(redirectTimer.current);
    setProcessing(false);
    void reload();
  });


  /** Checkout: a cart with an item that ships asks for the delivery first (the dialog pays). */
  async function checkout() {
    if (processing) return;
    setProcessing(true);
    const items = cart ? await cartDeliveryItems(cart.items) : null;
    if (items?.some((item) => item.shipping)) {
      setProcessing(false);
      setChoosing(items);
      return;
    }
    const failed = await startCheckout();
    if (failed) toast.error(failed.text);
  }

  /** POST /api/payments/create-checkout-cart; null when the browser goes to pay. */
  async function startCheckout(delivery?: DeliveryBody, total?: number): Promise<CheckoutFailure | null> {
    setProcessing(true);
    // What the page shows: the server charges no more than this, or answers 409
    // price_changed (and the cart reloads with the new prices).
    const shown = cart?.items.filter((item) => item.product.available) ?? [];
    const result = await apiResult<unknown>("/api/payments/create-checkout-cart", {
      json: {
        origin_url: window.location.origin,
        expected_prices: Object.fromEntries(shown.map((item) => [item.product_id, item.product.price])),
        expected_total: total ?? cartTotals(shown).totalCents / 100,
        ...delivery,
      },
    });
    if (result.ok && isCheckoutStart(result.data)) {
      const url = result.data.checkout_url;
      toast.success(tCheckout("redirecting"));
      // Stays "processing" until the browser has left.
      redirectTimer.current = window.setTimeout(() => window.location.assign(url), CART_REDIRECT_DELAY_MS);
      return null;
    }
    setProcessing(false);
    // Something in the cart was sold, reserved or repriced meanwhile: show which.
    // An empty cart (400) means the items left it elsewhere: show which too.
    if (!result.ok && (result.status === 409 || result.status === 400)) {
      setChoosing(null);
      void reload();
    }
    return result.ok ? { text: t("checkoutFailed") } : { text: paymentError(result.error, t("checkoutFailed")), error: result.error };
  }

  if (cart === null) {
    return (
      <CartUnavailable
        loadFailed={loadFailed}
        onRetry={() => {
          setLoadFailed(false);
          void load();
        }}
      />
    );
  }

  const notice = changes.length > 0 ? <CartChangesNotice changes={changes} onDismiss={() => setChanges([])} /> : null;

  if (cart.items.length === 0) {
    return (
      <>
        {notice}
        <EmptyCart />
      </>
    );
  }

  const totals = cartTotals(cart.items);
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-8">
      {notice ? <div className="lg:col-span-2">{notice}</div> : null}
      <CartItems
        items={cart.items}
        headingRef={itemsHeading}
        removing={removing}
        disabled={processing}
        onRemove={(productId) => void remove(productId)}
      />
      <CartSummary
        totals={totals}
        claimHours={claimHours}
        processing={processing}
        onCheckout={() => void checkout()}
      />
      {choosing ? (
        <React.Suspense fallback={null}>
          <DeliveryCheckoutDialog open onOpenChange={(open) => (open ? undefined : setChoosing(null))} items={choosing} start={startCheckout} />
        </React.Suspense>
      ) : null}
    </div>
  );
}

/** An empty cart, with a way to start shopping. */
function EmptyCart() {
  const t = useTranslations("cart");
  return (
    <EmptyState
      icon={ShoppingCartIcon}
      title={t("emptyTitle")}
      text={t("emptyText")}
      testId="cart-empty"
      action={
        <Button asChild>
          <Link href="/browse">{t("startShopping")}</Link>
        </Button>
      }
    />
  );
}

/** The items in the cart, each with its remove button. */
function CartItems({
  items,
  headingRef,
  removing,
  disabled,
  onRemove,
}: {
  items: Cart["items"];
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  removing: ReadonlySet<string>;
  disabled: boolean;
  onRemove: (productId: string) => void;
}) {
  const t = useTranslations("cart");
  return (
    <section aria-labelledby="cart-items-title">
      <h2 id="cart-items-title" ref={headingRef} tabIndex={-1} className="sr-only">
        {t("itemsLabel")}
      </h2>
      <ul className="divide-y rounded-2xl border bg-card shadow-sm" data-testid="cart-items">
        {items.map((item) => (
          <CartLine
            key={item.product_id}
            item={item}
            removing={removing.has(item.product_id)}
            disabled={disabled}
            onRemove={() => onRemove(item.product_id)}
          />
        ))}
      </ul>
    </section>
  );
}
