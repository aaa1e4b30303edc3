"use client";

/**
 * Buy Now on the product page. Sold: disabled, "Sold out". Reserved (someone is paying):
 * disabled. The seller's own listing: disabled. Logged out: asks to log in (the SPEC's
 * "Please login to purchase") and opens the login dialog.
 *
 * TODO(payments issue): for a signed-in buyer this is a plain disabled "coming soon"
 * button until the payments issue wires it to POST /api/payments/create-checkout and
 * the redirect to the provider's checkout.
 */
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ShoppingBagIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import type { ProductStatus } from "@/lib/catalog/schemas";

export function BuyNowButton({ status, isOwnListing }: { status: ProductStatus; isOwnListing: boolean }) {
  const t = useTranslations("product.buy");
  const session = useSessionUser();
  const authDialog = useAuthDialog();

  let label = t("buyNow");
  let note: string | null = null;
  let disabled = false;
  let state = "available";
  if (status === "sold") {
    label = t("soldOut");
    disabled = true;
    state = "sold";
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
  } else if (session.status === "authenticated") {
    // Wired by the payments issue; until then clearly "coming soon".
    label = t("comingSoon");
    note = t("comingSoonNote");
    disabled = true;
    state = "coming-soon";
  } else {
    state = "login";
  }

  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full"
        disabled={disabled}
        data-testid="buy-now"
        data-state={state}
        onClick={() => {
          if (state !== "login") return;
          toast.info(t("loginRequired"));
          authDialog.open("login");
        }}
      >
        <ShoppingBagIcon aria-hidden="true" />
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
