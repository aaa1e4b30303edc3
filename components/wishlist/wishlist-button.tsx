"use client";

/**
 * The heart toggle (SPEC.md: a product is in the wishlist or not). On cards it is a round
 * icon button over the picture (outside the card's link: a button in a link is invalid);
 * on the product page a full button. A visitor is asked to log in (SPEC.md section 5).
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { HeartIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { setSaved, useIsSaved } from "./use-wishlist";

export function WishlistButton({
  productId,
  title,
  sellerId,
  variant = "icon",
  className,
}: {
  productId: string;
  title: string;
  sellerId: string;
  variant?: "icon" | "full";
  className?: string;
}) {
  const t = useTranslations("wishlist");
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const saved = useIsSaved(productId);
  const [pending, setPending] = React.useState(false);
  // Your own listing: nothing to save.
  if (session.status === "authenticated" && session.user.id === sellerId) return null;
  const on = saved === true;

  async function toggle() {
    if (session.status === "loading") return;
    if (session.status !== "authenticated") {
      toast.info(t("loginRequired"));
      authDialog.open("login");
      return;
    }
    setPending(true);
    const next = !on;
    try {
      const response = await fetch(`/api/wishlist/${productId}`, {
        method: next ? "POST" : "DELETE",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      setSaved(productId, next);
      toast.success(next ? t("added") : t("removed"));
    } catch {
      toast.error(t("failed"));
    } finally {
      setPending(false);
    }
  }

  const label = on ? t("removeLabel", { title }) : t("addLabel", { title });
  const heart = <HeartIcon aria-hidden="true" className={cn(on && "fill-rose-500 text-rose-500")} />;
  if (variant === "full") {
    return (
      <Button
        type="button"
        variant="outline"
        className={cn("w-full", className)}
        aria-pressed={on}
        aria-label={label}
        disabled={pending || session.status === "loading"}
        onClick={() => void toggle()}
        data-testid="wishlist-toggle"
        data-saved={on}
      >
        {heart}
        {on ? t("remove") : t("add")}
      </Button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={label}
      title={label}
      disabled={pending || session.status === "loading"}
      onClick={() => void toggle()}
      data-testid="wishlist-heart"
      data-product-id={productId}
      data-saved={on}
      className={cn(
        "flex size-9 items-center justify-center rounded-full bg-card/90 text-foreground shadow-sm backdrop-blur transition hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60 [&_svg]:size-4.5",
        className,
      )}
    >
      {heart}
    </button>
  );
}
