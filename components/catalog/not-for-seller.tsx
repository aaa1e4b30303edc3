"use client";

/**
 * What a product page offers everyone but the product's seller (add to cart, message the
 * seller, report). The page is cached for every visitor (lib/domains/catalog/page-cache.ts), so
 * who is looking is only known here, from the session; the API refuses the seller these
 * actions either way.
 */
import { useSessionUser } from "@/components/auth/use-session-user";

export function NotForSeller({ sellerId, children }: { sellerId: string; children: React.ReactNode }) {
  const session = useSessionUser();
  return session.user?.id === sellerId ? null : <>{children}</>;
}
