/**
 * The catalog operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import { fileUploadBody, type TaggedOperations } from "@/lib/platform/api/openapi";
import { categoryWithCountJson, deletedJson, featuredSellerJson, productDetailJson, productJson, productListJson, sellerProfileJson } from "./responses";

const LIST_HEADERS = ["X-Total-Count"];

export const catalogOperations: TaggedOperations = {
  tag: "catalog",
  description: "Listings, search, categories, sellers and photos",
  operations: [
    { method: "GET", path: "/api/categories", summary: "The categories: names, or with ?with_counts=1 objects with English names, slugs and counts", response: z.union([z.array(z.string()).describe("The Dutch names, in the site's order"), z.array(categoryWithCountJson).describe("?with_counts=1")]) },
    { method: "GET", path: "/api/featured-sellers", summary: "Top sellers (rating 4.5 or more with at least 5 reviews), best rated first", response: z.array(featuredSellerJson) },
    { method: "GET", path: "/api/products", summary: "Browse and search listings", response: productListJson, headers: ["X-Total-Count", "X-Total-Count-Capped", "X-Search-Suggestion", "X-Next-Cursor"], errors: [400] },
    { method: "POST", path: "/api/products", summary: "List a product", response: productJson, errors: [400, 429] },
    { method: "GET", path: "/api/products/{id}", summary: "A listing", response: productDetailJson, errors: [404] },
    { method: "PUT", path: "/api/products/{id}", summary: "Change one's own listing", response: productJson, errors: [400, 404, 409] },
    { method: "DELETE", path: "/api/products/{id}", summary: "Delete one's own listing", response: deletedJson, errors: [404, 409] },
    { method: "POST", path: "/api/upload-image", summary: "Upload a listing photo (multipart field file)", body: fileUploadBody, bodyContentType: "multipart/form-data", response: z.object({ url: z.string(), thumbnail_url: z.string() }), errors: [400, 413, 415, 429] },
    { method: "GET", path: "/api/users/{id}/products", summary: "A seller's listings for sale", response: productListJson, headers: LIST_HEADERS, errors: [404] },
    { method: "GET", path: "/api/users/{id}/profile", summary: "A seller's public profile", response: sellerProfileJson, errors: [404] },
    { method: "GET", path: "/api/users/me/products", summary: "The caller's own listings, sold ones included", response: z.array(productJson.extend({ has_open_order: z.boolean() })), headers: LIST_HEADERS },
  ],
};
