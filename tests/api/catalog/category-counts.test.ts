// category_counts is kept by a trigger and stands in for count(*) in the plain browse
// and on the categories page: it must agree with a real count after every kind of change.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, insertProduct, listProduct } from "../../support/catalog";

let seller: RegisteredUser;
let categories: Map<string, string>;

beforeAll(async () => {
  categories = await ensureCategories();
  seller = await registerUser();
});

/** The counter table next to a real count, per category, zeros left out. */
async function countsAgree() {
  const kept = await db.$queryRaw<{ category_id: string; listed: number }[]>`
    SELECT category_id::text, listed FROM category_counts WHERE listed <> 0 ORDER BY 1`;
  const real = await db.$queryRaw<{ category_id: string; listed: number }[]>`
    SELECT category_id::text, count(*)::int AS listed FROM products
    WHERE status <> 'sold' AND deleted_at IS NULL GROUP BY 1 ORDER BY 1`;
  expect(kept).toEqual(real);
  return real.reduce((sum, row) => sum + row.listed, 0);
}

async function total(query = "") {
  const res = await call(listProducts, { path: `/api/products?${query}` });
  expect(res.status).toBe(200);
  return Number(res.headers.get("x-total-count"));
}

describe("category counts", () => {
  it("follow inserts, sales, reservations, category changes, soft and hard deletes", async () => {
    const a = await insertProduct({ sellerId: seller.id, title: "Fiets A" });
    const b = await insertProduct({ sellerId: seller.id, title: "Fiets B" });
    const c = await insertProduct({ sellerId: seller.id, title: "Stoel", category: "Meubels" });
    await insertProduct({ sellerId: seller.id, title: "Al verkocht", status: "sold" });
    expect(await countsAgree()).toBe(3);
    expect(await total()).toBe(3);
    expect(await total("category=Fietsen")).toBe(2);
    expect(await total("category=fietsen")).toBe(2);
    expect(await total("category=Onbekend")).toBe(0);

    await db.product.update({ where: { id: a }, data: { status: "reserved" } });
    expect(await countsAgree()).toBe(3);
    await db.product.update({ where: { id: a }, data: { status: "sold" } });
    expect(await countsAgree()).toBe(2);
    await db.product.update({ where: { id: a }, data: { status: "available" } });
    expect(await countsAgree()).toBe(3);

    await db.product.update({ where: { id: b }, data: { categoryId: categories.get("Meubels")! } });
    expect(await countsAgree()).toBe(3);
    expect(await total("category=Meubels")).toBe(2);

    await db.product.update({ where: { id: c }, data: { deletedAt: new Date() } });
    expect(await countsAgree()).toBe(2);
    await db.product.delete({ where: { id: b } });
    expect(await countsAgree()).toBe(1);
    expect(await total()).toBe(1);
  });

  it("follow listings and deletions through the API", async () => {
    const before = await countsAgree();
    const product = await listProduct(seller);
    expect(await countsAgree()).toBe(before + 1);
    await call(deleteProduct, { method: "DELETE", params: { id: product.id }, token: seller.token });
    expect(await countsAgree()).toBe(before);
  });
});
