"use client";

/**
 * "Doe een bod" / "Make an offer" on the product page, in the page's
 * actions and in the phone's sticky bar: for everyone but the seller, while the product
 * is available and the viewer has not bought it. A visitor gets the login prompt, and
 * the offer dialog opens once they are in (components/auth/after-login.ts). The dialog
 * (./listing-offer-dialog.tsx) loads on the press.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { HandCoinsIcon } from "lucide-react";
import { promptLogin } from "@/components/auth/after-login";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import { useViewerDeal } from "./use-viewer-deal";

const ListingOfferDialog = React.lazy(() => import("./listing-offer-dialog"));

type Props = {
  productId: string;
  title: string;
  price: number;
  status: ProductStatus;
  sellerId: string;
  testId?: string;
  className?: string;
  size?: "default" | "lg";
};

export function MakeOfferButton({ productId, title, price, status, sellerId, testId = "make-offer", className, size = "lg" }: Props) {
  const t = useTranslations("productOffer");
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const { deal } = useViewerDeal(productId);
  const [open, setOpen] = React.useState(false);

  if (status !== "available" || session.user?.id === sellerId || deal?.kind === "bought") return null;

  function loginFirst() {
    promptLogin("info", t("loginRequired"), () => setOpen(true), () => authDialog.open("login"));
  }

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size={size}
        className={className}
        disabled={session.status === "loading"}
        onClick={() => (session.status === "authenticated" ? setOpen(true) : loginFirst())}
        data-testid={testId}
      >
        <HandCoinsIcon aria-hidden="true" />
        {t("makeOffer")}
      </Button>
      {open ? (
        <React.Suspense fallback={null}>
          <ListingOfferDialog productId={productId} title={title} price={price} onClose={() => setOpen(false)} onLoginRequired={loginFirst} />
        </React.Suspense>
      ) : null}
    </>
  );
}
