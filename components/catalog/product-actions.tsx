"use client";

/**
 * The product page's buttons, one client component (one session read, one module)
 * instead of five:
 *
 * - Buy Now (./buy-now-button.tsx "Buy"). Sold: disabled, "Sold out". Reserved (someone is
 *   paying): disabled, unless the viewer's own unfinished checkout holds it (asked of the
 *   API, since the page is cached for everyone). The seller's own listing: disabled.
 *   Logged out: asks to log in ("Please login to purchase") and opens the login
 *   dialog. A signed-in buyer starts a checkout for this one product (POST
 *   /api/payment/create-checkout) and the browser goes to the provider's checkout page.
 * - Add to cart (the second action widget). For a signed-in user it first
 *   asks the cart whether the product is already in it and then shows "In cart" with a
 *   link to /cart instead. Not for sold products; a reserved product only shows it when it
 *   is already in the cart.
 * - Make an offer ("Doe een bod", ./make-offer-button.tsx): the offer
 *   dialog loads on the press and sends the offer from the listing.
 * - Contact Seller: a small dialog with the first message (the
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
import { useTranslations } from "next-intl";
import { CheckIcon, HeartIcon, MessageCircleIcon, ShoppingCartIcon } from "lucide-react";
import { promptLogin } from "@/components/auth/after-login";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { announceCartChanged } from "@/components/cart/cart-events";
import type { Cart } from "@/components/payments/checkout-client";
import { ReportButton } from "@/components/reports/report-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useWishlistToggle } from "@/components/wishlist/use-wishlist";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import { BuyNowButton, usePaymentsCall, type ProductDelivery } from "./buy-now-button";
import { MakeOfferButton } from "./make-offer-button";
import { api } from "@/components/lib/api-client";

export type { ProductDelivery };

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
  /** Given when the listing ships. */
  delivery?: ProductDelivery;
};

export function ProductActions({ productId, title, price, status, sellerId, sellerName, delivery }: Props) {
  const session = useSessionUser();
  const notForSeller = session.user?.id !== sellerId;
  return (
    <>
      <BuyNowButton
        productId={productId}
        price={price}
        status={status}
        isOwnListing={!notForSeller}
        delivery={delivery}
        title={title}
        sellerId={sellerId}
      />
      <MakeOfferButton productId={productId} title={title} price={price} status={status} sellerId={sellerId} className="w-full" />
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
    api<Cart | null>("/api/cart")
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
          promptLogin("info", t("loginRequiredCart"), () => void add(), () => authDialog.open("login"));
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

  /** After logging in from the prompt the first-message dialog opens. */
  function loginFirst() {
    promptLogin("error", t("loginRequired"), () => setOpen(true), () => authDialog.open("login"));
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
