// GET /api/featured-sellers: anyone. Top sellers (rating 4.5 or more with at least 5 reviews).
import { json, route } from "@/lib/domains/route";
import { listFeaturedSellers } from "@/lib/domains/catalog";

export const GET = route({
  auth: "public",
  handler: async () => json(await listFeaturedSellers(), 200, { "Cache-Control": "public, max-age=60" }),
});
