// GET /sitemap.xml: the sitemap index (lib/domains/catalog/sitemap.ts).
import { sitemapIndex } from "@/lib/domains/catalog";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return new Response(await sitemapIndex(), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
