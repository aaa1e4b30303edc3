/**
 * Sitemaps for search engines (most buyers of a marketplace arrive from a search): an
 * index at /sitemap.xml naming paged sitemaps under /sitemaps/: the fixed pages, the
 * categories, the sellers with something for sale and the listings. Pages hold at most
 * SITEMAP_PAGE_SIZE URLs (the protocol allows 50,000), so a million listings are 20
 * pages. Sold and deleted listings, and banned or deleted sellers, are left out;
 * `lastmod` comes from the data.
 */
import { db } from "@/lib/platform/db/client";
import { absoluteUrl } from "@/lib/platform/site";

export const SITEMAP_PAGE_SIZE = 50_000;

// /transparency: the DSA art. 24 report (its Dutch alias /transparantie is the same page).
const STATIC_PATHS = ["/", "/browse", "/categories", "/faq", "/how-it-works", "/contact", "/terms", "/privacy", "/transparency"];

type Entry = { loc: string; lastmod?: Date };

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function urlsetXml(entries: Entry[]): string {
  const urls = entries
    .map((e) => `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function indexXml(entries: Entry[]): string {
  const items = entries
    .map((e) => `<sitemap><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/** Listed: for sale or reserved, not deleted, not hidden by a ban, seller in good standing. */
const listed = {
  status: { in: ["available", "reserved"] as ("available" | "reserved")[] },
  deletedAt: null,
  hiddenAt: null,
  seller: { isBanned: false, deletedAt: null },
};
const activeSeller = { isBanned: false, deletedAt: null, products: { some: { status: "available" as const, deletedAt: null, hiddenAt: null } } };

export async function sitemapIndex(): Promise<string> {
  const [products, sellers, newest] = await Promise.all([
    db.product.count({ where: listed }),
    db.user.count({ where: activeSeller }),
    db.product.aggregate({ where: listed, _max: { updatedAt: true } }),
  ]);
  const lastmod = newest._max.updatedAt ?? undefined;
  const pages = (kind: string, total: number) =>
    Array.from({ length: Math.max(1, Math.ceil(total / SITEMAP_PAGE_SIZE)) }, (_, i) => ({
      loc: absoluteUrl(`/sitemaps/${kind}-${i + 1}.xml`),
      lastmod,
    }));
  return indexXml([
    { loc: absoluteUrl("/sitemaps/pages.xml") },
    { loc: absoluteUrl("/sitemaps/categories.xml"), lastmod },
    ...pages("sellers", sellers),
    ...pages("products", products),
  ]);
}

/** One sitemap by its file name ("products-2.xml"); null when there is no such file. */
export async function sitemapFile(file: string): Promise<string | null> {
  if (file === "pages.xml") return urlsetXml(STATIC_PATHS.map((path) => ({ loc: absoluteUrl(path) })));
  if (file === "categories.xml") {
    const categories = await db.category.findMany({ orderBy: { position: "asc" }, select: { name: true } });
    const latest = await db.product.groupBy({ by: ["categoryId"], where: listed, _max: { updatedAt: true } });
    const byName = await db.category.findMany({ select: { id: true, name: true } });
    const lastmodOf = new Map(latest.map((row) => [byName.find((c) => c.id === row.categoryId)?.name, row._max.updatedAt ?? undefined]));
    return urlsetXml(
      categories.map((c) => ({ loc: absoluteUrl(`/browse?category=${encodeURIComponent(c.name)}`), lastmod: lastmodOf.get(c.name) })),
    );
  }
  const match = /^(products|sellers)-([1-9]\d{0,4})\.xml$/.exec(file);
  if (!match) return null;
  const page = Number(match[2]);
  const skip = (page - 1) * SITEMAP_PAGE_SIZE;
  if (match[1] === "products") {
    const rows = await db.product.findMany({
      where: listed,
      orderBy: { id: "asc" },
      skip,
      take: SITEMAP_PAGE_SIZE,
      select: { id: true, updatedAt: true },
    });
    if (rows.length === 0 && page > 1) return null;
    return urlsetXml(rows.map((r) => ({ loc: absoluteUrl(`/product/${r.id}`), lastmod: r.updatedAt })));
  }
  const sellers = await db.user.findMany({
    where: activeSeller,
    orderBy: { id: "asc" },
    skip,
    take: SITEMAP_PAGE_SIZE,
    select: { id: true, updatedAt: true },
  });
  if (sellers.length === 0 && page > 1) return null;
  return urlsetXml(sellers.map((s) => ({ loc: absoluteUrl(`/seller/${s.id}`), lastmod: s.updatedAt })));
}
