import { cache } from "react";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/platform/api/errors";
import { publicProduct } from "@/lib/domains/catalog";

/**
 * The product as anyone may see it, once per render (the page and its metadata share
 * it): its data is cached for every visitor (lib/domains/catalog/page-cache.ts), so what only
 * the seller or a buyer may see (the exact pickup spot, the seller's e-mail) is never in
 * it. Unknown or malformed ids end in the segment's not-found page.
 */
export const loadProduct = cache(async (id: string) => {
  try {
    return await publicProduct(id);
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  }
});
