import { cache } from "react";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/api/errors";
import { currentUser } from "@/lib/auth/current-user";
import { getProduct, viewerOf } from "@/lib/catalog/service";

/**
 * The product as this visitor may see it, once per request (the page and its metadata
 * share it). Unknown or malformed ids end in the segment's not-found page.
 */
export const loadProduct = cache(async (id: string) => {
  const viewer = viewerOf(await currentUser());
  try {
    return { product: await getProduct(id, viewer), viewer };
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") notFound();
    throw error;
  }
});
