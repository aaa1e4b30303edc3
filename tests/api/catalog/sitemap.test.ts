// robots.txt and the sitemaps (lib/domains/catalog/sitemap.ts): the index names paged files, the
// listing pages hold what is for sale (or reserved) with its lastmod, and leave out sold,
// deleted and banned sellers' listings; unknown files are 404.
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as indexRoute } from "@/app/sitemap.xml/route";
import { GET as fileRoute } from "@/app/sitemaps/[file]/route";
import robots from "@/app/robots";
import { db } from "@/lib/platform/db/client";
import { registerUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";

const ids: Record<string, string> = {};
let sellerId = "";
let bannedId = "";

beforeAll(async () => {
  sellerId = (await registerUser({ name: "Sitemap Verkoper" })).id;
  bannedId = (await registerUser({ name: "Geblokkeerde Verkoper" })).id;
  ids.available = await insertProduct({ sellerId, title: "Opoefiets" });
  ids.reserved = await insertProduct({ sellerId, title: "Kinderfiets", status: "reserved" });
  ids.sold = await insertProduct({ sellerId, title: "Verkochte fiets", status: "sold" });
  ids.deleted = await insertProduct({ sellerId, title: "Verwijderde fiets" });
  await db.product.update({ where: { id: ids.deleted }, data: { deletedAt: new Date() } });
  ids.banned = await insertProduct({ sellerId: bannedId, title: "Fiets van geblokkeerde" });
  await db.user.update({ where: { id: bannedId }, data: { isBanned: true } });
});

async function file(name: string) {
  const res = await fileRoute(new NextRequest(`http://localhost:3000/sitemaps/${name}`), { params: Promise.resolve({ file: name }) });
  return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
}

describe("the sitemaps", () => {
  it("has an index naming the paged sitemaps", async () => {
    const res = await indexRoute();
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const name of ["pages.xml", "categories.xml", "sellers-1.xml", "products-1.xml"]) {
      expect(xml).toContain(`<loc>http://localhost:3000/sitemaps/${name}</loc>`);
    }
    expect(xml).not.toContain("products-2.xml");
  });

  it("lists the listings for sale with their lastmod, and leaves out sold, deleted and banned ones", async () => {
    const { status, type, body } = await file("products-1.xml");
    expect(status).toBe(200);
    expect(type).toContain("application/xml");
    const updated = await db.product.findUniqueOrThrow({ where: { id: ids.available! } });
    expect(body).toContain(`<url><loc>http://localhost:3000/product/${ids.available}</loc><lastmod>${updated.updatedAt.toISOString()}</lastmod></url>`);
    expect(body).toContain(`/product/${ids.reserved}<`);
    for (const gone of [ids.sold, ids.deleted, ids.banned]) expect(body).not.toContain(gone);

    const sellers = await file("sellers-1.xml");
    expect(sellers.body).toContain(`/seller/${sellerId}<`);
    expect(sellers.body).not.toContain(bannedId);
    expect((await file("categories.xml")).body).toContain("/browse?category=Fietsen");
    expect((await file("pages.xml")).body).toContain("<loc>http://localhost:3000/faq</loc>");
    // The transparency report (DSA art. 24) once, under its English path.
    expect((await file("pages.xml")).body).toContain("<loc>http://localhost:3000/transparency</loc>");
    expect((await file("pages.xml")).body).not.toContain("/transparantie");
  });

  it("answers 404 for a file that does not exist", async () => {
    for (const name of ["products-2.xml", "products-0.xml", "users-1.xml", "../etc/passwd"]) {
      expect((await file(name)).status, name).toBe(404);
    }
  });

  it("robots.txt points crawlers at the sitemap and keeps them out of accounts and the API", () => {
    const rules = robots();
    expect(rules.sitemap).toBe("http://localhost:3000/sitemap.xml");
    const disallow = [rules.rules].flat()[0]!.disallow;
    expect(disallow).toEqual(expect.arrayContaining(["/api/", "/admin", "/checkout/", "/dashboard"]));
  });
});
