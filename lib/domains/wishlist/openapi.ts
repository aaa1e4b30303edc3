/**
 * The wishlist operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import type { TaggedOperations } from "@/lib/platform/api/openapi";

export const wishlistOperations: TaggedOperations = {
  tag: "wishlist",
  description: "Favourites",
  operations: [
    { method: "GET", path: "/api/wishlist", summary: "The caller's saved products" },
    { method: "POST", path: "/api/wishlist/{productId}", summary: "Save a product", errors: [404] },
    { method: "DELETE", path: "/api/wishlist/{productId}", summary: "Unsave a product", errors: [404] },
    { method: "GET", path: "/api/wishlist/check/{productId}", summary: "Whether the caller saved a product" },
    { method: "GET", path: "/api/wishlist/saves", summary: "How many people saved each of the caller's products" },
  ],
};
