// GET /sitemaps/{pages|categories|sellers-N|products-N}.xml: one page of the sitemap.
import { sitemapFile } from "@/lib/domains/catalog";

export const dynamic = "force-dynamic";

export async function GET(_req: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const xml = await sitemapFile((await params).file);
  if (!xml) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
