// GET /api/categories: anyone. Category names; ?with_counts=1 adds English names, slugs and counts.
import { z } from "zod";
import { json, route } from "@/lib/domains/route";
import { listCategoriesWithCounts, listCategoryNames } from "@/lib/domains/catalog";

const query = z.object({
  with_counts: z
    .enum(["1", "0", "true", "false", ""])
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

export const GET = route({
  auth: "public",
  query,
  handler: async ({ query }) => {
    const body = query.with_counts ? await listCategoriesWithCounts() : await listCategoryNames();
    // Categories change rarely; counts may lag a minute, which the page can live with.
    return json(body, 200, { "Cache-Control": "public, max-age=60" });
  },
});
