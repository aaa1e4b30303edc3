"use client";

/**
 * The product page's buttons, one client component (one session read, one module)
 * instead of five:
 *
 * - Buy Now (SPEC section 4 "Buy"). Sold: disabled, "Sold out". Reserved (someone is
 *   paying): disabled, unless the viewer's own unfinished checkout holds it (asked of the
 *   API, since the page is cached for everyone). The seller's own listing: disabled.
 *   Logged out: asks to log in (the SPEC's "Please login to purchase") and opens the login
 *   dialog. A signed-in buyer starts a checkout for this one product (POST
 *   /api/payment/create-checkout) and the browser goes to the provider's checkout page.
 * - Add to cart (SPEC section 2, the second action widget). For a signed-in user it first
 *   asks the cart whether the product is already in it and then shows "In cart" with a
 *   link to /cart instead. Not for sold products; a reserved product only shows it when it
 *   is already in the cart.
 * - Contact Seller: a small dialog with the first message (SPEC.md section 8; the
 *   dialog's code loads on the first click).
 * - The wishlist toggle.
 *
 * Add to cart, Contact Seller and Report are for everyone but the product's seller: the
 * page is cached for every visitor (lib/domains/catalog/page-cache.ts), so who is looking is only
 * known here, from the session; the API refuses the seller these actions either way. The
 * payments client (components/payments/checkout-client.ts) loads with the first click.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { CheckIcon, HeartIcon, MessageCircleIcon, ShoppingBagIcon, ShoppingCartIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { announceCartChanged } from "@/components/cart/cart-events";
import type { Cart } from "@/components/payments/checkout-client";
import type { ApiInit, ApiResult } from "@/components/lib/api-client";
import { useOnPageRestore } from "@/components/payments/page-restore";
import { ReportButton } from "@/components/reports/report-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useWishlistToggle } from "@/components/wishlist/use-wishlist";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import { formatEuro } from "@/lib/platform/i18n/format";
import { resolveLocale } from "@/lib/platform/i18n/config";

/** The first-message dialog's code (a Radix dialog) loads on the first click. */
const StartConversationDialog = React.lazy(() => import("@/components/messaging/start-conversation-dialog"));

type Props = {
  productId: string;
  title: string;
  /** The price the page shows (euros): Buy Now pays no more without asking. */
  price: number;
  status: ProductStatus;
  sellerId: string;
  sellerName: string;
};

export function ProductActions({ productId, title, price, status, sellerId, sellerName }: Props) {
  const session = useSessionUser();
  const notForSeller = session.user?.id !== sellerId;
  return (
    <>
      <BuyNowButton productId={productId} price={price} status={status} isOwnListing={!notForSeller} />
      {notForSeller && status !== "sold" ? <AddToCartButton productId={productId} status={status} /> : null}
      {notForSeller ? <ContactSellerButton productId={productId} title={title} sellerId={sellerId} sellerName={sellerName} /> : null}
      <WishlistToggle productId={productId} title={title} sellerId={sellerId} />
    </>
  );
}

/** "Report" under the seller's card, for everyone but the seller. */
export function ProductReportButton({ productId, sellerId }: { productId: string; sellerId: string }) {
  const session = useSessionUser();
  return session.user?.id === sellerId ? null : <ReportButton targetType="listing" targetId={productId} />;
}

/**
 * A payments call with the payments client loaded on demand; a failed load counts as a
 * network failure. Answers the error's text too (in `checkout.errors`' words).
 */
function usePaymentsCall() {
  const errors = useTranslations("checkout.errors");
  return React.useCallback(
    async <T,>(
      url: string,
      init: ApiInit,
      fallback: string,
      productId?: string,
    ): Promise<{ result: ApiResult<T> | { ok: false; status: 0 }; error: string; started: boolean; newPrice: number | null }> => {
      const client = await import("@/components/payments/checkout-client").catch(() => null);
      if (!client) return { result: { ok: false, status: 0 }, error: errors("network"), started: false, newPrice: null };
      const result = await client.apiResult<T>(url, init);
      return {
        result,
        error: result.ok ? fallback : client.paymentErrorText(errors, result.error, fallback),
        started: result.ok && client.isCheckoutStart(result.data),
        newPrice: !result.ok && productId ? client.changedPrice(result.error, productId) : null,
      };
    },
    [errors],
  );
}

/** Is a reserved product held by the signed-in viewer's own unfinished checkout? */
function useReservedForYou(productId: string, ask: boolean): boolean {
  const [mine, setMine] = React.useState(false);
  React.useEffect(() => {
    if (!ask) return;
    const controller = new AbortController();
    fetch(`/api/products/${encodeURIComponent(productId)}`, { signal: controller.signal, cache: "no-store" })
      .then((res) => (res.ok ? (res.json() as Promise<{ reserved_for_you?: boolean }>) : null))
      .then((body) => setMine(body?.reserved_for_you === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId, ask]);
  return ask && mine;
}

function BuyNowButton({ productId, price, status, isOwnListing }: { productId: string; price: number; status: ProductStatus; isOwnListing: boolean }) {
  const t = useTranslations("product.buy");
  const errors = useTranslations("checkout.errors");
  const locale = resolveLocale(useLocale());
  // The price the buyer has been shown: the page's, or the new one a 409 told them.
  const [toldPrice, setShownPrice] = React.useState<number | null>(null);
  const shownPrice = toldPrice ?? price;
  const session = useSessionUser();
  const reservedForYou = useReservedForYou(productId, status === "reserved" && session.status === "authenticated");
  const authDialog = useAuthDialog();
  const call = usePaymentsCall();
  const [pending, setPending] = React.useState(false);
  useOnPageRestore(() => setPending(false));

  let label = t("buyNow");
  let note: string | null = null;
  let disabled = false;
  let state = "available";
  if (status === "sold") {
    label = t("soldOut");
    disabled = true;
    state = "sold";
  } else if (status === "reserved" && reservedForYou) {
    // The viewer's own unfinished checkout: buying again starts a fresh one.
    note = t("yourReservation");
    state = pending ? "pending" : "available";
    if (pending) label = t("starting");
    disabled = pending;
  } else if (status === "reserved") {
    label = t("reserved");
    note = t("reservedNote");
    disabled = true;
    state = "reserved";
  } else if (isOwnListing) {
    note = t("ownListing");
    disabled = true;
    state = "own";
  } else if (session.status === "loading") {
    disabled = true;
    state = "loading";
  } else if (session.status === "unauthenticated") {
    state = "login";
  } else if (pending) {
    label = t("starting");
    disabled = true;
    state = "pending";
  }

  async function buy() {
    setPending(true);
    const { result, error, started, newPrice } = await call<{ checkout_url: string }>(
      "/api/payment/create-checkout",
      { json: { product_id: productId, expected_price: shownPrice } },
      t("failed"),
      productId,
    );
    if (started && result.ok) {
      // Stays "pending" while the browser leaves for the checkout page.
      window.location.assign(result.data.checkout_url);
      return;
    }
    setPending(false);
    if (newPrice !== null) {
      // The seller changed the price: say so; the next click pays the new one.
      setShownPrice(newPrice);
      toast.error(errors("priceChangedTo", { price: formatEuro(newPrice, locale) }));
      return;
    }
    toast.error(error);
  }

  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full"
        disabled={disabled}
        aria-busy={pending || undefined}
        data-testid="buy-now"
        data-state={state}
        onClick={() => {
          if (state === "login") {
            toast.info(t("loginRequired"));
            authDialog.open("login");
          } else if (state === "available") {
            void buy();
          }
        }}
      >
        {pending ? <Spinner className="text-current" /> : <ShoppingBagIcon aria-hidden="true" />}
        {label}
      </Button>
      {note ? (
        <p className="text-center text-sm text-muted-foreground" data-testid="buy-now-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}

function AddToCartButton({ productId, status }: { productId: string; status: ProductStatus }) {
  const t = useTranslations("product.buy");
  const router = useRouter();
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const call = usePaymentsCall();
  /** null: not known (yet); the add button shows meanwhile, adding twice is harmless. */
  const [inCart, setInCart] = React.useState<boolean | null>(null);
  const [adding, setAdding] = React.useState(false);
  const signedIn = session.status === "authenticated";

  React.useEffect(() => {
    if (!signedIn) return;
    let current = true;
    fetch("/api/cart", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<Cart | null>) : null))
      .then((cart) => {
        if (current && Array.isArray(cart?.items)) setInCart(cart.items.some((item) => item.product_id === productId));
      })
      // A failed look-up is silent: the add button still works.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [signedIn, productId]);

  if (signedIn && inCart) {
    return (
      <Button asChild variant="secondary" size="lg" className="w-full">
        <Link href="/cart" data-testid="add-to-cart" data-state="in-cart">
          <CheckIcon aria-hidden="true" />
          {t("inCart")}
          <span aria-hidden="true">·</span>
          <span className="underline underline-offset-2">{t("view")}</span>
        </Link>
      </Button>
    );
  }
  if (status !== "available") return null;

  async function add() {
    setAdding(true);
    const { result, error } = await call<Cart>(
      `/api/cart/add?product_id=${encodeURIComponent(productId)}`,
      { method: "POST" },
      t("addFailed"),
    );
    setAdding(false);
    if (result.ok) {
      setInCart(true);
      announceCartChanged();
      toast.success(t("added"), {
        action: { label: t("viewCart"), onClick: () => router.push("/cart") },
      });
      return;
    }
    toast.error(error);
    // Sold or reserved since the page was rendered: show the product as it is now.
    if (result.status === 409) router.refresh();
  }

  const state = session.status === "loading" ? "loading" : signedIn ? (adding ? "pending" : "available") : "login";
  return (
    <Button
      variant="outline"
      size="lg"
      className="w-full"
      disabled={state === "loading" || state === "pending"}
      aria-busy={adding || undefined}
      data-testid="add-to-cart"
      data-state={state}
      onClick={() => {
        if (state === "login") {
          toast.info(t("loginRequiredCart"));
          authDialog.open("login");
        } else if (state === "available") {
          void add();
        }
      }}
    >
      {adding ? <Spinner className="text-current" /> : <ShoppingCartIcon aria-hidden="true" />}
      {adding ? t("adding") : t("addToCart")}
    </Button>
  );
}

function ContactSellerButton({ productId, title, sellerId, sellerName }: { productId: string; title: string; sellerId: string; sellerName: string }) {
  const t = useTranslations("messaging");
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const [open, setOpen] = React.useState(false);

  function loginFirst() {
    toast.error(t("loginRequired"));
    authDialog.open("login");
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => (session.status === "authenticated" ? setOpen(true) : loginFirst())}
        disabled={session.status === "loading"}
        data-testid="contact-seller"
      >
        <MessageCircleIcon aria-hidden="true" />
        {t("contactSeller")}
      </Button>
      {open ? (
        <React.Suspense fallback={null}>
          <StartConversationDialog
            productId={productId}
            productTitle={title}
            recipientId={sellerId}
            recipientName={sellerName}
            initialText={t("startDefault")}
            onClose={() => setOpen(false)}
            onLoginRequired={loginFirst}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}

function WishlistToggle({ productId, title, sellerId }: { productId: string; title: string; sellerId: string }) {
  const heart = useWishlistToggle(productId, title, sellerId);
  if (heart.hidden) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      aria-pressed={heart.on}
      aria-label={heart.label}
      disabled={heart.disabled}
      onClick={heart.toggle}
      data-testid="wishlist-toggle"
      data-saved={heart.on}
    >
      <HeartIcon aria-hidden="true" className={heart.on ? "fill-rose-500 text-rose-500" : undefined} />
      {heart.text}
    </Button>
  );
}
