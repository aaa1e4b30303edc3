// Search relevance on the demo catalogue (prisma/seed-data.ts), as people type on phones:
// exact words, Dutch compounds, plurals, brands, English, and typos (one edit in words of
// 4+ letters, two in 8+: inserted, dropped, swapped or wrong letters). Each expected
// listing must be among the first three results of GET /api/products.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as productsRoute } from "@/app/api/products/route";
import { getDb } from "@/lib/platform/db/client";
import { createLocalStorage } from "@/lib/platform/storage/local";
import { seedDemoData } from "@/prisma/seed";
import { call } from "../../support/http";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "kringwaar-relevance-"));
process.env.UPLOADS_DIR = uploadsDir;

beforeAll(async () => {
  await seedDemoData(getDb(), createLocalStorage(uploadsDir));
}, 120_000);

/** [query, a piece of the title expected in the top 3] */
const CASES: [string, string][] = [
  // Exact words, brands and models
  ["damesfiets", "Gazelle Orange C7 damesfiets"],
  ["gazelle", "Gazelle Orange C7"],
  ["macbook", "MacBook Pro 14"],
  ["iphone", "iPhone 12"],
  ["kallax", "IKEA Kallax"],
  ["lego", "LEGO Technic"],
  ["weber", "Weber Original Kettle"],
  ["kitchenaid", "KitchenAid Artisan"],
  ["sony koptelefoon", "Sony WH-1000XM4"],
  ["tripp trapp", "Stokke Tripp Trapp"],
  // Compounds and plurals
  ["fiets", "fiets"],
  ["fietsen", "fiets"],
  ["opoefiets", "Oude opoefiets"],
  ["kinderwagen", "Joolz Day+ kinderwagen"],
  ["stripboeken", "Suske en Wiske"],
  ["stripboek", "Suske en Wiske"],
  ["schaatsen", "Noren schaatsen"],
  ["barbecue", "Weber Original Kettle barbecue"],
  ["eettafel", "Eikenhouten eettafel"],
  ["koptelefoon", "Sony WH-1000XM4"],
  // English and mixed
  ["noise cancelling", "Sony WH-1000XM4"],
  ["piano", "Yamaha P-45"],
  ["smart-tv", "Samsung 43 inch 4K"],
  // One typo in words of 4+ letters
  ["fietz", "fiets"],
  ["fiest", "fiets"],
  ["gazele", "Gazelle Orange C7"],
  ["gitar", "Akoestische gitaar"],
  ["gittaar", "Akoestische gitaar"],
  ["pinao", "Yamaha P-45"],
  ["legp", "LEGO Technic"],
  ["tent", "Koepeltent"],
  ["koepeltnet", "Koepeltent"],
  ["monstere", "Monstera deliciosa"],
  ["vergiet", "Emaille vergiet"],
  ["vergeit", "Emaille vergiet"],
  ["braadpna", "Le Creuset braadpan"],
  ["fauteiul", "Vintage fauteuil"],
  ["platenspeller", "platenspeler"],
  // Two typos in words of 8+ letters, and inside compounds
  ["kinderwgaen", "Joolz Day+ kinderwagen"],
  ["damesfietz", "Gazelle Orange C7 damesfiets"],
  ["transportfeits", "Cortina transportfiets"],
  ["hogedrukreinger", "Kärcher K4 hogedrukreiniger"],
  ["keukenmixr", "KitchenAid Artisan keukenmixer"],
  ["bureaustoell", "Ergonomische bureaustoel"],
];

async function search(q: string): Promise<{ titles: string[]; suggestion: string | null }> {
  const res = await call(productsRoute, { path: `/api/products?search=${encodeURIComponent(q)}&limit=20`, ip: "198.51.100.97" });
  expect(res.status).toBe(200);
  const header = res.headers.get("x-search-suggestion");
  return { titles: (res.body as { title: string }[]).map((p) => p.title), suggestion: header ? decodeURIComponent(header) : null };
}

describe("search relevance on the demo catalogue", () => {
  it("has at least 40 queries", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)("%s → %s in the top 3", async (query, expected) => {
    const { titles } = await search(query);
    expect(titles.slice(0, 3).some((title) => title.toLowerCase().includes(expected.toLowerCase())), `${query}: ${titles.slice(0, 5).join(" | ")}`).toBe(true);
  });

  it("ranks matches as typed above typo corrections, and suggests the correction when nothing matched as typed", async () => {
    const fietz = await search("fietz");
    expect(fietz.suggestion).toBe("fiets");
    expect(fietz.titles.length).toBeGreaterThanOrEqual(4);
    expect((await search("fiets")).suggestion).toBeNull();
    // Short words get no typo tolerance: "tv" is not "tas".
    expect((await search("xq")).titles).toEqual([]);
  });
});
