"use client";

/**
 * Top sellers on the home page: the first eight, and a
 * view-all button, shown only when there are 8 or more, that reveals the rest in place.
 * All cards are server-rendered; the hidden ones are just not displayed yet.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";
import { SellerCard, type SellerSummary } from "./seller-card";

export const FEATURED_SELLERS_SHOWN = 8;
export const FEATURED_SELLERS_VIEW_ALL_AT = 8;

export function FeaturedSellers({ sellers }: { sellers: SellerSummary[] }) {
  const t = useTranslations("home.topSellers");
  const [expanded, setExpanded] = React.useState(false);
  const listId = React.useId();
  return (
    <div className="space-y-6">
      <ul id={listId} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="featured-sellers">
        {sellers.map((seller, index) => (
          <li key={seller.id} className={cn(!expanded && index >= FEATURED_SELLERS_SHOWN && "hidden")}>
            <SellerCard seller={seller} className="h-full" />
          </li>
        ))}
      </ul>
      {sellers.length >= FEATURED_SELLERS_VIEW_ALL_AT ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((value) => !value)}
            data-testid="featured-sellers-view-all"
          >
            {expanded ? t("showFewer") : t("viewAll", { count: sellers.length })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
