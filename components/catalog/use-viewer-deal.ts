"use client";

/**
 * What the signed-in viewer has to do with this product, asked of the API once per page
 * (GET /api/products/{id}) and shared by the parts of the product page that show it (Buy
 * Now, the viewer's deal, the map's note): their own unfinished checkout holds it, they
 * bought it (a paid order, and then the exact pickup address), or an accepted offer of
 * theirs holds a lower price. The page is cached for everyone
 * (lib/domains/catalog/page-cache.ts): this never goes into its HTML.
 */
import * as React from "react";
import { useSessionUser } from "@/components/auth/use-session-user";
import type { ViewerDeal } from "@/lib/domains/orders/client";
import { api } from "@/components/lib/api-client";

export type ViewerView = { reservedForYou: boolean; deal: ViewerDeal; pickupAddress: string | null };

const NOTHING: ViewerView = { reservedForYou: false, deal: null, pickupAddress: null };

type Entry = { view: ViewerView | null; loading: Promise<void> | null };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function load(key: string, productId: string) {
  const entry = entries.get(key) ?? { view: null, loading: null };
  entries.set(key, entry);
  if (entry.view || entry.loading) return;
  entry.loading = api<{ reserved_for_you?: boolean; your_deal?: ViewerDeal; pickup_location?: { address?: string } | null } | null>(
    `/api/products/${encodeURIComponent(productId)}`,
    { cache: "no-store" },
  )
    .then((body) => {
      const deal = body?.your_deal ?? null;
      entry.view = {
        reservedForYou: body?.reserved_for_you === true,
        deal,
        // Exact only for the buyer of a paid order (the API's privacy rule, docs/payments.md).
        pickupAddress: deal?.kind === "bought" && deal.pickup ? (body?.pickup_location?.address ?? null) : null,
      };
    })
    // A failed look-up shows the page as for anyone: buying still works.
    .catch(() => {
      entry.view = NOTHING;
    })
    .finally(() => {
      entry.loading = null;
      for (const listener of listeners) listener();
    });
}

/** The signed-in viewer's view of `productId`; NOTHING for visitors and while it loads. */
export function useViewerDeal(productId: string): ViewerView {
  const session = useSessionUser();
  const userId = session.status === "authenticated" ? session.user.id : null;
  const key = userId ? `${userId}:${productId}` : null;
  const view = React.useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (key ? (entries.get(key)?.view ?? null) : null),
    () => null,
  );
  React.useEffect(() => {
    if (key) load(key, productId);
  }, [key, productId]);
  return view ?? NOTHING;
}

