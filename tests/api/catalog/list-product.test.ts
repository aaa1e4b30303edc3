import { beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { GET as listProducts, POST as createProduct } from "@/app/api/products/route";
import { DELETE as deleteProduct, GET as getProduct, PUT as updateProduct } from "@/app/api/products/[id]/route";
import { GET as myProducts } from "@/app/api/users/me/products/route";
import { db } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import {
  createLocation,
  ensureCategories,
  listingPayload,
  listProduct,
  PLACES,
  uploadTestImage,
} from "../../support/catalog";

let seller: RegisteredUser;
let other: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  seller = await registerUser({ name: "Sanne de Vries" });
  other = await registerUser({ name: "Daan Jansen" });
});

/** POSTs a listing with one field changed and returns the answer. */
async function createWith(overrides: Record<string, unknown>, user = seller) {
  return call(createProduct, { token: user.token, json: await listingPayload(user, overrides) });
}

function fileOf(url: string): string {
  return path.join(env().UPLOADS_DIR, url.replace(/^\/uploads\//, ""));
}

describe("POST /api/products", () => {
  it("lists a product: trimmed text, price in cents inside and euros outside, default condition good", async () => {
    const payload = await listingPayload(seller, { condition: undefined, price: 149.5 });
    const res = await call(createProduct, { token: seller.token, json: payload });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Gazelle damesfiets 28 inch",
      description: "Goed onderhouden stadsfiets met drie versnellingen.",
      price: 149.5,
      category: "Fietsen",
      condition: "good",
      images: payload.images,
      location_id: payload.location_id,
      seller_id: seller.id,
      seller_name: "Sanne de Vries",
      seller_email: seller.email,
      is_sold: false,
      is_featured: false,
      status: "available",
      seller_rating: 0,
      seller_rating_count: 0,
      is_featured_seller: false,
    });
    expect(res.body.thumbnails[0]).toMatch(/^\/uploads\/products\/\d{4}\/[0-9a-f-]{36}-thumb\.webp$/);
    // The seller sees their own exact pickup address.
    expect(res.body.pickup_address).toBe(PLACES.utrecht.address);
    expect(res.body.pickup_location.coordinates).toEqual({ lat: PLACES.utrecht.lat, lng: PLACES.utrecht.lng });
    const row = await db.product.findUniqueOrThrow({ where: { id: res.body.id }, include: { images: true } });
    expect(row.priceCents).toBe(14950);
    expect(row.images.map((image) => image.position)).toEqual([0]);
  });

  it("needs a signed-in user", async () => {
    const res = await call(createProduct, { json: { title: "x" } });
    expect(res.status).toBe(401);
  });

  it("checks location, images and category first, in the documented order", async () => {
    const res = await call(createProduct, { token: seller.token, json: {} });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("Please select a location on the map");
    expect(res.body.errors.slice(0, 3)).toEqual([
      { field: "location_id", message: "Please select a location on the map" },
      { field: "images", message: "Please add at least one image" },
      { field: "category", message: "Please select a category" },
    ]);
  });

  it.each([
    ["a missing location", { location_id: undefined }, "location_id", "Please select a location on the map"],
    ["a blank location", { location_id: "  " }, "location_id", "Please select a location on the map"],
    ["no images", { images: [] }, "images", "Please add at least one image"],
    ["six images", { images: ["/a", "/b", "/c", "/d", "/e", "/f"] }, "images", "Maximum 5 images allowed"],
    ["no category", { category: "" }, "category", "Please select a category"],
    ["an unknown category", { category: "Ruimteschepen" }, "category", "Please select a category from the list"],
    ["a blank title", { title: "   " }, "title", "Title is required"],
    ["a title of 101 characters", { title: "a".repeat(101) }, "title", "Title must be at most 100 characters"],
    ["a blank description", { description: " " }, "description", "Description is required"],
    ["a description of 1001 characters", { description: "b".repeat(1001) }, "description", "Description must be at most 1000 characters"],
    ["no price", { price: undefined }, "price", "Price is required"],
    ["a price that is not a number", { price: "gratis" }, "price", "Price must be a number"],
    ["a price of 0", { price: 0 }, "price", "Price must be at least €0.01"],
    ["a price above 999999", { price: 999999.01 }, "price", "Price must be at most €999,999"],
    ["three decimals", { price: 10.005 }, "price", "Price can have at most 2 decimals"],
    ["an unknown condition", { condition: "excellent" }, "condition", "Condition must be one of new, like_new, good, fair, poor"],
    ["an image from elsewhere", { images: ["https://evil.example/x.webp"] }, "images.0", "Image must be a URL returned by the image upload"],
    [
      "an image that was never uploaded",
      { images: ["/uploads/products/2026/00000000-0000-4000-8000-000000000000.webp"] },
      "images.0",
      "Image not found. Please upload it again",
    ],
  ])("refuses %s", async (_name, overrides, field, message) => {
    const res = await createWith(overrides);
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it("accepts the limits: 100 and 1000 characters, 0.01 and 999999 euros, 5 images, a numeric string", async () => {
    const images = await Promise.all(Array.from({ length: 5 }, () => uploadTestImage(seller.token)));
    const longest = await createWith({ title: "t".repeat(100), description: "d".repeat(1000), price: 999999, images });
    expect(longest.status).toBe(201);
    expect(longest.body.images).toEqual(images);
    expect(longest.body.price).toBe(999999);
    const cheapest = await createWith({ price: "0.01" });
    expect(cheapest.status).toBe(201);
    expect(cheapest.body.price).toBe(0.01);
    const binaryNoise = await createWith({ price: 0.1 + 0.2 });
    expect(binaryNoise.body.price).toBe(0.3);
  });

  it("refuses a location another user stored (its exact address would leak to the copier)", async () => {
    const theirs = await createLocation(other.id, "amsterdam");
    const res = await createWith({ location_id: theirs });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe("location_id");
  });

  it("refuses an image already used by another listing", async () => {
    const first = await listProduct(seller);
    const res = await createWith({ images: [first.images[0]] }, other);
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: "images.0", message: "This image belongs to another listing. Please upload your own" });
  });

  it("accepts an issued image given as an absolute URL on our own origin and stores it relative", async () => {
    const url = await uploadTestImage(seller.token);
    const res = await createWith({ images: [`${env().APP_URL}${url}`] });
    expect(res.status).toBe(201);
    expect(res.body.images).toEqual([url]);
  });
});

describe("GET /api/products/{id}", () => {
  it("answers 404 'Product not found' for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await call(getProduct, { params: { id } });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Product not found");
    }
  });

  it("shows strangers only the place and an approximate position, and no seller email", async () => {
    const product = await listProduct(seller);
    for (const token of [undefined, other.token]) {
      const res = await call(getProduct, { params: { id: product.id }, token });
      expect(res.status).toBe(200);
      expect(res.body.seller_email).toBeNull();
      expect(res.body.pickup_address).toBe("Utrecht");
      expect(res.body.pickup_location).toEqual({
        coordinates: { lat: 52.09, lng: 5.12 },
        address: "Utrecht",
        approximate: true,
      });
    }
  });

  it("shows the buyer of a paid order the exact address, but not the buyer of an unpaid one", async () => {
    const product = await listProduct(seller);
    const order = await db.order.create({
      data: { buyerId: other.id, sellerId: seller.id, productId: product.id, amountCents: 14950, commissionCents: 748, totalCents: 15698 },
    });
    const unpaid = await call(getProduct, { params: { id: product.id }, token: other.token });
    expect(unpaid.body.pickup_location.approximate).toBe(true);
    await db.order.update({ where: { id: order.id }, data: { status: "held", paidAt: new Date() } });
    const paid = await call(getProduct, { params: { id: product.id }, token: other.token });
    expect(paid.body.pickup_address).toBe(PLACES.utrecht.address);
    expect(paid.body.pickup_location.coordinates).toEqual({ lat: PLACES.utrecht.lat, lng: PLACES.utrecht.lng });
    expect(paid.body.seller_email).toBeNull();
  });

  it("shows admins the seller's email", async () => {
    const admin = await registerUser();
    await db.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
    const product = await listProduct(seller);
    const res = await call(getProduct, { params: { id: product.id }, token: admin.token });
    expect(res.body.seller_email).toBe(seller.email);
    expect(res.body.pickup_location.approximate).toBe(true);
  });

  it("names an anonymised seller 'Anonymous'", async () => {
    const gone = await registerUser({ name: "Weg Gebruiker" });
    const product = await listProduct(gone);
    await db.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const res = await call(getProduct, { params: { id: product.id } });
    expect(res.body.seller_name).toBe("Anonymous");
  });
});

describe("PUT /api/products/{id}", () => {
  it("lets the seller edit: new text, price, images in a new order; removed image files are deleted", async () => {
    const product = await listProduct(seller);
    const [oldImage] = product.images;
    const added = await uploadTestImage(seller.token);
    const json = {
      ...(await listingPayload(seller)),
      location_id: product.location_id,
      title: "Gazelle damesfiets, nieuwe banden",
      price: 175,
      condition: "like_new",
      category: "fietsen",
      images: [added],
    };
    const res = await call(updateProduct, { method: "PUT", params: { id: product.id }, token: seller.token, json });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Gazelle damesfiets, nieuwe banden", price: 175, condition: "like_new", category: "Fietsen", images: [added] });
    expect(existsSync(fileOf(oldImage))).toBe(false);
    expect(existsSync(fileOf(added))).toBe(true);
  });

  it("is found under its new place and postcode area once moved, and a place or postcode corrected on its location carries it along", async () => {
    const title = "Eikenhouten kledingkast verhuisd";
    const product = await listProduct(seller, { title });
    const inPlace = async (place: string) => {
      const res = await call(listProducts, { path: `/api/products?search=${encodeURIComponent(title)}&location=${place}` });
      expect(res.status).toBe(200);
      return (res.body as { id: string }[]).map((p) => p.id);
    };
    expect(await inPlace("Utrecht")).toEqual([product.id]);
    expect(await inPlace("3512")).toEqual([product.id]);

    const amersfoort = await createLocation(seller.id, "amersfoort");
    const json = { ...(await listingPayload(seller)), title, location_id: amersfoort };
    const res = await call(updateProduct, { method: "PUT", params: { id: product.id }, token: seller.token, json });
    expect(res.status).toBe(200);
    expect(await inPlace("amersfoort")).toEqual([product.id]);
    expect(await inPlace("3811")).toEqual([product.id]);
    expect(await inPlace("Utrecht")).toEqual([]);
    expect(await inPlace("3512")).toEqual([]);

    // A street named after another place still matches that place by its address.
    await db.location.update({ where: { id: amersfoort }, data: { city: "Leusden", postcode: "3832 RS", formattedAddress: "Utrechtseweg 10, 3832 RS Leusden" } });
    expect(await inPlace("Leusden")).toEqual([product.id]);
    expect(await inPlace("3832")).toEqual([product.id]);
    expect(await inPlace("3811")).toEqual([]);
    await db.location.update({ where: { id: amersfoort }, data: { postcode: "3833AA" } });
    expect(await inPlace("3833")).toEqual([product.id]);
    expect(await inPlace("3832")).toEqual([]);
    expect(await inPlace("Amersfoort")).toEqual([]);
    expect(await inPlace("Utrecht")).toEqual([product.id]);
  });

  it("keeps images the product already has, in the order given", async () => {
    const second = await uploadTestImage(seller.token);
    const product = await listProduct(seller, { images: [await uploadTestImage(seller.token), second] });
    const json = { ...(await listingPayload(seller)), location_id: product.location_id, images: [...product.images].reverse() };
    const res = await call(updateProduct, { method: "PUT", params: { id: product.id }, token: seller.token, json });
    expect(res.status).toBe(200);
    expect(res.body.images).toEqual([...product.images].reverse());
  });

  it("refuses anyone but the seller (403) and validates like create (422)", async () => {
    const product = await listProduct(seller);
    const json = await listingPayload(other);
    const res = await call(updateProduct, { method: "PUT", params: { id: product.id }, token: other.token, json });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only the seller can edit this product");
    const invalid = await call(updateProduct, {
      method: "PUT",
      params: { id: product.id },
      token: seller.token,
      json: { ...json, title: "" },
    });
    expect(invalid.status).toBe(422);
  });

  it("refuses to edit a sold product (409)", async () => {
    const product = await listProduct(seller);
    await db.product.update({ where: { id: product.id }, data: { status: "sold" } });
    const json = { ...(await listingPayload(seller)), location_id: product.location_id };
    const res = await call(updateProduct, { method: "PUT", params: { id: product.id }, token: seller.token, json });
    expect(res.status).toBe(409);
  });
});

describe("DELETE /api/products/{id}", () => {
  it("lets only the seller delete; the product and its image files are gone", async () => {
    const product = await listProduct(seller);
    const forbidden = await call(deleteProduct, { method: "DELETE", params: { id: product.id }, token: other.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.detail).toBe("Only the seller can delete this product");
    const anonymous = await call(deleteProduct, { method: "DELETE", params: { id: product.id } });
    expect(anonymous.status).toBe(401);

    const res = await call(deleteProduct, { method: "DELETE", params: { id: product.id }, token: seller.token });
    expect(res.status).toBe(200);
    expect(await db.product.findUnique({ where: { id: product.id } })).toBeNull();
    expect(existsSync(fileOf(product.images[0]))).toBe(false);
    expect(existsSync(fileOf(product.thumbnails[0]))).toBe(false);
    expect((await call(getProduct, { params: { id: product.id } })).status).toBe(404);
  });

  it.each(["pending", "held"] as const)("refuses (409) while an order is %s", async (status) => {
    const product = await listProduct(seller);
    await db.order.create({
      data: { buyerId: other.id, sellerId: seller.id, productId: product.id, status, amountCents: 14950, commissionCents: 748, totalCents: 15698 },
    });
    const res = await call(deleteProduct, { method: "DELETE", params: { id: product.id }, token: seller.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("This product has an open order and cannot be deleted");
    expect(await db.product.count({ where: { id: product.id, deletedAt: null } })).toBe(1);
  });

  it("keeps a product with a finished order for the books but takes it out of the catalogue", async () => {
    const product = await listProduct(seller);
    await db.order.create({
      data: { buyerId: other.id, sellerId: seller.id, productId: product.id, status: "cancelled", amountCents: 14950, commissionCents: 748, totalCents: 15698 },
    });
    await db.wishlistItem.create({ data: { userId: other.id, productId: product.id } });
    const res = await call(deleteProduct, { method: "DELETE", params: { id: product.id }, token: seller.token });
    expect(res.status).toBe(200);
    const row = await db.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(row.deletedAt).not.toBeNull();
    expect(await db.wishlistItem.count({ where: { productId: product.id } })).toBe(0);
    expect((await call(getProduct, { params: { id: product.id } })).status).toBe(404);
    const list = await call(listProducts, { path: "/api/products?limit=100" });
    expect(list.body.map((p: { id: string }) => p.id)).not.toContain(product.id);
    // The order's pictures stay.
    expect(existsSync(fileOf(product.images[0]))).toBe(true);
  });
});

describe("GET /api/users/me/products", () => {
  it("lists the seller's own products with sold ones, newest first, with totals", async () => {
    const me = await registerUser();
    const first = await listProduct(me, { title: "Eerste" });
    const second = await listProduct(me, { title: "Tweede" });
    await db.product.update({ where: { id: first.id }, data: { status: "sold" } });
    const res = await call(myProducts, { path: "/api/users/me/products", token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("2");
    expect(res.body.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(res.body[1].is_sold).toBe(true);
    expect(res.body[0].seller_email).toBe(me.email);
    expect((await call(myProducts)).status).toBe(401);
  });
});
