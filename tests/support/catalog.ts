/**
 * Catalogue fixtures: categories, pickup locations, images and products, made through
 * the real endpoints where the test is about them and straight in the database where a
 * test only needs them to exist (search tests need dozens).
 */
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import { POST as uploadImageRoute } from "@/app/api/upload-image/route";
import { POST as createProductRoute } from "@/app/api/products/route";
import { db } from "@/lib/platform/db/client";
import type { ProductCondition, ProductStatus } from "@/lib/platform/db/generated/client";
import { addToSellerRating } from "@/lib/domains/accounts/reputation";
import { resetEnvCache } from "@/lib/platform/env";
import { call } from "./http";
import { upload } from "./multipart";

export const TEST_CATEGORIES = [
  { name: "Fietsen", nameEn: "Bicycles", slug: "fietsen" },
  { name: "Elektronica", nameEn: "Electronics", slug: "elektronica" },
  { name: "Meubels", nameEn: "Furniture", slug: "meubels" },
  { name: "Huis & Tuin", nameEn: "Home & Garden", slug: "huis-tuin" },
];

/** Creates the test categories once per file (positions in list order). */
export async function ensureCategories(): Promise<Map<string, string>> {
  await db.category.createMany({
    data: TEST_CATEGORIES.map((category, position) => ({ ...category, position })),
    skipDuplicates: true,
  });
  const rows = await db.category.findMany();
  return new Map(rows.map((row) => [row.name, row.id]));
}

export const PLACES = {
  utrecht: { address: "Neude 11, 3512 AE Utrecht", postcode: "3512 AE", city: "Utrecht", lat: 52.0931, lng: 5.1187 },
  amersfoort: { address: "Hof 1, 3811 CJ Amersfoort", postcode: "3811CJ", city: "Amersfoort", lat: 52.1561, lng: 5.3878 },
  amsterdam: { address: "Oosterdokskade 143, 1011 DL Amsterdam", postcode: "1011 DL", city: "Amsterdam", lat: 52.3757, lng: 4.9081 },
  rotterdam: { address: "Stationsplein 1, 3013 AJ Rotterdam", postcode: "3013 AJ", city: "Rotterdam", lat: 51.9249, lng: 4.469 },
} as const;

export type Place = keyof typeof PLACES;

export async function createLocation(userId: string, place: Place = "utrecht"): Promise<string> {
  const p = PLACES[place];
  const location = await db.location.create({
    data: { address: p.address, formattedAddress: p.address, postcode: p.postcode, city: p.city, lat: p.lat, lng: p.lng, createdById: userId },
  });
  return location.id;
}

/** A real PNG of the given size (a colour gradient, so it does not compress to nothing). */
export async function pngBytes(width = 64, height = 48): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    raw[i * 3] = i % 256;
    raw[i * 3 + 1] = (i * 7) % 256;
    raw[i * 3 + 2] = (i * 13) % 256;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Uploads a small PNG through the endpoint and returns the issued URL. */
export async function uploadTestImage(token: string): Promise<string> {
  const res = await upload(uploadImageRoute, await pngBytes(), { token, filename: "foto.png", type: "image/png" });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.url;
}

/** A valid listing payload for `user` (fresh image and location). */
export async function listingPayload(user: { id: string; token: string }, overrides: Record<string, unknown> = {}) {
  return {
    title: "  Gazelle damesfiets 28 inch  ",
    description: " Goed onderhouden stadsfiets met drie versnellingen. ",
    price: 149.5,
    category: "Fietsen",
    condition: "good",
    images: [await uploadTestImage(user.token)],
    location_id: await createLocation(user.id),
    ...overrides,
  };
}

/** Lists a product through POST /api/products and returns its JSON. */
export async function listProduct(user: { id: string; token: string }, overrides: Record<string, unknown> = {}) {
  const res = await call(createProductRoute, { token: user.token, json: await listingPayload(user, overrides) });
  if (res.status !== 201) throw new Error(`listing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export type InsertProduct = {
  sellerId: string;
  title: string;
  description?: string;
  priceCents?: number;
  category?: string;
  condition?: ProductCondition;
  status?: ProductStatus;
  place?: Place;
  isFeatured?: boolean;
  createdAt?: Date;
  images?: number;
  /** Default pickup only; with "shipping" a parcel size (default "parcel"). */
  deliveryOptions?: ("pickup" | "shipping")[];
  parcelSize?: "mailbox" | "parcel" | "large";
};

const locationCache = new Map<string, string>();

/** Inserts a product straight into the database (search fixtures). */
export async function insertProduct(input: InsertProduct): Promise<string> {
  const categories = await ensureCategories();
  const place = input.place ?? "utrecht";
  const cacheKey = `${input.sellerId}:${place}`;
  let locationId = locationCache.get(cacheKey);
  if (!locationId) {
    locationId = await createLocation(input.sellerId, place);
    locationCache.set(cacheKey, locationId);
  }
  const product = await db.product.create({
    data: {
      sellerId: input.sellerId,
      title: input.title,
      description: input.description ?? `${input.title}. Ophalen in ${PLACES[place].city}.`,
      priceCents: input.priceCents ?? 1000,
      categoryId: categories.get(input.category ?? "Fietsen")!,
      condition: input.condition ?? "good",
      status: input.status ?? "available",
      isFeatured: input.isFeatured ?? false,
      locationId,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...(input.deliveryOptions
        ? { deliveryOptions: input.deliveryOptions, parcelSize: input.deliveryOptions.includes("shipping") ? (input.parcelSize ?? "parcel") : null }
        : {}),
    },
  });
  const images = input.images ?? 1;
  if (images > 0) {
    await db.productImage.createMany({
      data: Array.from({ length: images }, (_, position) => ({
        productId: product.id,
        url: `/uploads/products/${product.id}-${position}.webp`,
        thumbUrl: `/uploads/products/${product.id}-${position}-thumb.webp`,
        position,
      })),
    });
  }
  return product.id;
}

/** Adds `count` reviews with `rating` for the seller (each needs a product and an author). */
export async function addReviews(sellerId: string, authorId: string, ratings: number[]): Promise<void> {
  for (const rating of ratings) {
    const productId = await insertProduct({ sellerId, title: `Verkocht item ${rating}`, status: "sold" });
    await db.$transaction(async (tx) => {
      await tx.review.create({ data: { productId, authorId, sellerId, rating } });
      await addToSellerRating(tx, sellerId, rating);
    });
  }
}

/**
 * Searches `near` a place in this file's tests through the offline gazetteer (no geocoding
 * service), as the benchmark does; the setting is restored after the file. Call it at the
 * top of the file, before the `beforeAll` that seeds with it.
 */
export function withOfflineGeocoder(): void {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.GEOCODER;
    process.env.GEOCODER = "offline";
    resetEnvCache();
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.GEOCODER;
    else process.env.GEOCODER = saved;
    resetEnvCache();
  });
}
