"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Trash2Icon } from "lucide-react";
import { PRODUCT_PLACEHOLDER_IMAGE } from "@/components/catalog/card-product";
import type { CartItem } from "@/components/payments/checkout-client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/platform/utils";

/** Why an item cannot be bought now: the key under `cart.status`. */
function unavailableReason(product: CartItem["product"]): "sold" | "reserved" | "unavailable" {
  if (product.is_sold || product.status === "sold") return "sold";
  if (product.status === "reserved") return "reserved";
  return "unavailable";
}

/** One cart item: picture and title (both to the product page), seller, price and fee, remove. */
export function CartLine({
  item,
  removing,
  disabled,
  onRemove,
}: {
  item: CartItem;
  removing: boolean;
  disabled: boolean;
  onRemove: () => void;
}) {
  const t = useTranslations("cart");
  const formatter = useFormatter();
  const { product } = item;
  const href = `/product/${product.id}`;
  const reason = product.available ? null : unavailableReason(product);

  return (
    <li
      className="flex gap-4 p-4 sm:p-5"
      data-testid="cart-item"
      data-product-id={product.id}
      data-available={product.available}
    >
      {/* The title link names the product; the picture link repeats it, so it is skipped by keyboard and screen readers. */}
      <Link href={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={product.images[0] ?? PRODUCT_PLACEHOLDER_IMAGE}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          decoding="async"
          className={cn("size-20 rounded-lg bg-muted object-cover sm:size-24", reason && "opacity-60 grayscale")}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
        <div className="min-w-0 space-y-1">
          <Link
            href={href}
            className="line-clamp-2 font-medium hover:underline hover:underline-offset-2"
            data-testid="cart-item-title"
          >
            {product.title}
          </Link>
          <p className="truncate text-sm text-muted-foreground">{t("seller", { name: product.seller_name })}</p>
          {reason ? (
            <Badge variant={reason === "sold" ? "destructive" : "warm"} data-testid="cart-item-unavailable">
              {t(`status.${reason}`)}
            </Badge>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-row items-center justify-between gap-3 sm:flex-col sm:items-end sm:justify-start">
          <div className="sm:text-right">
            <p
              className={cn("font-semibold", reason && "text-muted-foreground line-through")}
              data-testid="cart-item-price"
            >
              {formatter.number(product.price, "euro")}
            </p>
            {reason ? null : (
              <p className="text-xs text-muted-foreground">
                {t("itemFee", { fee: formatter.number(product.commission, "euro") })}
              </p>
            )}
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground hover:text-destructive"
            disabled={removing || disabled}
            aria-label={t("removeLabel", { title: product.title })}
            onClick={onRemove}
            data-testid="cart-remove"
          >
            {removing ? <Spinner className="text-current" /> : <Trash2Icon aria-hidden="true" />}
            {t("remove")}
          </Button>
        </div>
      </div>
    </li>
  );
}
