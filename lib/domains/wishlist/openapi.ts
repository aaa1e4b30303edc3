/**
 * The wishlist operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import { productJson } from "@/lib/domains/catalog";
import type { TaggedOperations } from "@/lib/platform/api/openapi";

const saved = z.object({ product_id: z.string(), is_in_wishlist: z.boolean() });

export const wishlistOperations: TaggedOperations = {
  tag: "wishlist",
  description: "Favourites",
  operations: [
    { method: "GET", path: "/api/wishlist", summary: "The caller's saved products", response: z.object({ products: z.array(productJson) }) },
    { method: "POST", path: "/api/wishlist/{productId}", summary: "Save a product", response: saved, errors: [404] },
    { method: "DELETE", path: "/api/wishlist/{productId}", summary: "Unsave a product", response: saved, errors: [404] },
    { method: "GET", path: "/api/wishlist/check/{productId}", summary: "Whether the caller saved a product", response: z.object({ is_in_wishlist: z.boolean() }) },
    { method: "GET", path: "/api/wishlist/saves", summary: "How many people saved each of the caller's products", response: z.object({ counts: z.record(z.string(), z.number().int()) }) },
  ],
};
