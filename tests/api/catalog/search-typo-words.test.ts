// The typo vocabulary (search_words) is kept by a trigger and stands in for splitting every
// title: it must equal that split after every kind of change.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, insertProduct } from "../../support/catalog";

let seller: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser();
});

/** The kept table next to the split of every listed title, as typos.ts read it before. */
async function wordsAgree(): Promise<string[]> {
  const kept = await db.$queryRaw<{ word: string; uses: number }[]>`
    SELECT word, uses FROM search_words WHERE uses <> 0 ORDER BY word`;
  const real = await db.$queryRaw<{ word: string; uses: number }[]>`
    SELECT w AS word, count(DISTINCT p.id)::int AS uses
    FROM products p, regexp_split_to_table(p.title, '[^[:alpha:]]+') AS raw, lower(raw) AS w
    WHERE p.deleted_at IS NULL AND p.status <> 'sold' AND length(w) >= 3
    GROUP BY w ORDER BY w`;
  expect(kept).toEqual(real);
  return real.map((row) => row.word);
}

describe("the typo vocabulary kept by trigger", () => {
  it("follows inserts, title edits, sales, soft and hard deletes", async () => {
    const a = await insertProduct({ sellerId: seller.id, title: "Gazelle damesfiets, 28 inch" });
    const b = await insertProduct({ sellerId: seller.id, title: "Damesfiets Batavus" });
    await insertProduct({ sellerId: seller.id, title: "Oude klok", status: "sold" });
    expect(await wordsAgree()).toEqual(["batavus", "damesfiets", "gazelle", "inch"]);

    await db.product.update({ where: { id: b }, data: { title: "Koptelefoon Sony" } });
    expect(await wordsAgree()).toEqual(["damesfiets", "gazelle", "inch", "koptelefoon", "sony"]);
    await db.product.update({ where: { id: a }, data: { status: "sold" } });
    expect(await wordsAgree()).toEqual(["koptelefoon", "sony"]);
    await db.product.update({ where: { id: a }, data: { status: "available" } });
    await db.product.update({ where: { id: b }, data: { deletedAt: new Date() } });
    expect(await wordsAgree()).toEqual(["damesfiets", "gazelle", "inch"]);
    await db.product.update({ where: { id: b }, data: { deletedAt: null, status: "reserved" } });
    await db.productImage.deleteMany({ where: { productId: a } });
    await db.product.delete({ where: { id: a } });
    expect(await wordsAgree()).toEqual(["koptelefoon", "sony"]);
  });

  it("is what the typo pass corrects from, a new listing's words at once", async () => {
    await insertProduct({ sellerId: seller.id, title: "Kinderfiets 20 inch" });
    const typo = async (q: string) => decodeURIComponent((await call(listProducts, { path: `/api/products?search=${q}` })).headers.get("x-search-suggestion") ?? "");
    expect(await typo("kinderfietz")).toBe("kinderfiets");
    expect(await typo("loopfietz")).not.toBe("loopfiets");
    await insertProduct({ sellerId: seller.id, title: "Loopfiets hout" });
    expect(await typo("loopfietz")).toBe("loopfiets");
  });

  it("suggests the same on two app instances over one database, a listing added through either counting at once", async () => {
    const typo = async (handler: typeof listProducts, q: string) =>
      decodeURIComponent((await call(handler, { path: `/api/products?search=${q}` })).headers.get("x-search-suggestion") ?? "");
    // A second copy of the route and the catalogue modules: nothing in memory is shared.
    vi.resetModules();
    const { GET: otherInstance } = await import("@/app/api/products/route");
    expect(otherInstance).not.toBe(listProducts);
    await insertProduct({ sellerId: seller.id, title: "Schommelstoel rotan" });
    expect(await typo(listProducts, "schommelstoal")).toBe("schommelstoel");
    expect(await typo(otherInstance, "schommelstoal")).toBe("schommelstoel");
    await insertProduct({ sellerId: seller.id, title: "Kapstokhaak messing" });
    expect(await typo(otherInstance, "kapstokhaal")).toBe("kapstokhaak");
    expect(await typo(listProducts, "kapstokhaal")).toBe("kapstokhaak");
  });
});
