/**
 * Catalogue operations: categories, one product, listing, editing and deleting. Route
 * handlers and server components both call these (never HTTP to ourselves). Browse and
 * search live in search.ts, sellers in sellers.ts, image files in images.ts.
 */
import { assertTraderReady } from "@/lib/domains/accounts";
import { AppError, forbidden, notFound, type ErrorCode } from "@/lib/platform/api/errors";
import { db, Prisma, type Tx } from "@/lib/platform/db/client";
import { readDb } from "@/lib/platform/db/replicas";
import { storage } from "@/lib/platform/storage";
import { applyPriceChange, lockPriceBefore } from "./price-drops";
import { deleteStoredFiles, storedKeysOf, stripOwnOrigin, thumbKeyFor } from "@/lib/platform/storage/images";
import { claimUploads, ownsUpload, uploadedKeyOf } from "./images";
import { isUuid } from "@/lib/platform/api/ids";
import { fetchProductRow } from "./rows";
import { LISTING_MESSAGES, type ListingInput } from "./schemas";
import type { CategoryWithCount } from "./responses";
import { paidProductIds } from "./search";
import { serializeProduct, visibilityFor, type ProductJson, type Viewer } from "./serialize";

export const PRODUCT_NOT_FOUND = "Product not found";

/** The viewer of a signed-in user (or of nobody). */
export function viewerOf(user: { id: string; isAdmin: boolean } | null): Viewer {
  return user ? { id: user.id, isAdmin: user.isAdmin } : null;
}

// ---------- Categories ----------

/** `GET /categories`: the names, in the order the site shows them. */
export async function listCategoryNames(): Promise<string[]> {
  const rows = await db.category.findMany({ select: { name: true }, orderBy: [{ position: "asc" }, { name: "asc" }] });
  return rows.map((row) => row.name);
}

/** Every category with its number of products for sale (the categories page). */
export async function listCategoriesWithCounts(): Promise<CategoryWithCount[]> {
  const rows = await db.category.findMany({
    select: { name: true, nameEn: true, slug: true, count: { select: { listed: true } } },
    orderBy: [{ position: "asc" }, { name: "asc" }],
  });
  return rows.map((row) => ({ name: row.name, name_en: row.nameEn, slug: row.slug, product_count: row.count?.listed ?? 0 }));
}

// ---------- One product ----------

/** A product as `viewer` may see it; sold ones too (their page shows "sold out"). */
/**
 * One product as `viewer` may see it. `viewerPaid`: whether the viewer holds a paid order
 * for it (held or completed), when the caller already knows (GET /api/products/{id} asks
 * for the viewer's deal anyway); otherwise it is looked up.
 */
export async function getProduct(id: string, viewer: Viewer, viewerPaid?: boolean): Promise<ProductJson> {
  const product = await findProduct(id, viewer, viewerPaid);
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  return product;
}

/** Like getProduct, but null when there is none (pages call notFound() themselves). */
export async function findProduct(id: string, viewer: Viewer, viewerPaid?: boolean): Promise<ProductJson | null> {
  // Visitors (and the cached page, rendered for no one) may read a replica; a signed-in
  // viewer reads the primary, so a seller sees their own edit at once.
  const row = !isUuid(id) ? null : viewer ? await fetchProductRow(id) : await readDb((client) => fetchProductRow(id, client));
  if (!row) return null;
  const buyer = viewer && viewer.id !== row.seller_id;
  const paid = buyer ? (viewerPaid ?? (await paidProductIds(viewer.id, [row.id])).has(row.id)) : false;
  return serializeProduct(row, visibilityFor(row, viewer, paid));
}

// ---------- Listing and editing ----------

/** Delivery options as stored: a parcel size exactly when shipping is offered; undefined = unchanged. */
function deliveryData(input: ListingInput) {
  if (!input.deliveryOptions) return undefined;
  return { deliveryOptions: input.deliveryOptions, parcelSize: input.deliveryOptions.includes("shipping") ? input.parcelSize : null };
}

/** Lists a new product for `seller` (POST /api/products). */
export async function createProduct(seller: NonNullable<Viewer>, input: ListingInput): Promise<ProductJson> {
  // DSA art. 30: a business seller's trader details before the listing goes live.
  await assertTraderReady(seller.id);
  const [categoryId, images] = await Promise.all([
    categoryIdFor(input.category),
    resolveImages(seller.id, input.imageUrls, []),
    checkLocation(seller.id, input.locationId, null),
  ]);
  const id = await withImageUniqueness(() =>
    db.$transaction(async (tx) => {
      // Again under the user's row lock: the details cannot be cleared meanwhile.
      await assertTraderReady(seller.id, tx);
      const product = await tx.product.create({
        data: {
          sellerId: seller.id,
          title: input.title,
          description: input.description,
          priceCents: input.priceCents,
          categoryId,
          condition: input.condition,
          locationId: input.locationId,
          minOfferCents: input.minOfferCents ?? null,
          ...deliveryData(input) ?? { deliveryOptions: ["pickup"], parcelSize: null },
        },
        select: { id: true },
      });
      await insertImages(tx, seller.id, product.id, images);
      return product.id;
    }),
  );
  return getProduct(id, seller);
}

/**
 * Edits a product (PUT /api/products/{id}): the seller only, not once sold. The payload
 * is the whole listing, as on create; images left out are deleted from storage.
 */
export async function updateProduct(user: NonNullable<Viewer>, id: string, input: ListingInput): Promise<ProductJson> {
  const existing = await ownProduct(user.id, id, "edit");
  if (existing.status === "sold") {
    throw new AppError("conflict", "A sold product cannot be edited", { code: "product_sold" });
  }
  // A buyer is paying for it at the price and description they saw.
  if (existing.status === "reserved") throw reservedEdit();
  const [categoryId, images] = await Promise.all([
    categoryIdFor(input.category),
    resolveImages(user.id, input.imageUrls, existing.images),
    checkLocation(user.id, input.locationId, existing.locationId),
  ]);
  await withImageUniqueness(() =>
    db.$transaction(async (tx) => {
      const priceBefore = await lockPriceBefore(tx, id); // the price before, to tell wishlisters of a drop
      // The status test in the same statement: a sale may have happened since we looked.
      const updated = await tx.product.updateMany({
        where: { id, status: "available", deletedAt: null },
        data: {
          title: input.title,
          description: input.description,
          priceCents: input.priceCents,
          categoryId,
          condition: input.condition,
          locationId: input.locationId,
          ...(input.minOfferCents === undefined ? {} : { minOfferCents: input.minOfferCents }),
          ...deliveryData(input),
        },
      });
      if (updated.count === 0) {
        const now = await tx.product.findUnique({ where: { id }, select: { status: true } });
        if (now?.status === "reserved") throw reservedEdit();
        throw new AppError("conflict", "A sold product cannot be edited", { code: "product_sold" });
      }
      await applyPriceChange(tx, id, input.title, priceBefore, input.priceCents); // a lower price notifies the wishlisters
      await tx.productImage.deleteMany({ where: { productId: id } });
      await insertImages(tx, user.id, id, images);
    }),
  );
  const kept = new Set(images.map((image) => image.url));
  await deleteStoredFiles(existing.images.filter((image) => !kept.has(image.url)).flatMap((image) => storedKeysOf(image)));
  return getProduct(id, user);
}

function reservedEdit(): AppError {
  return new AppError("conflict", "A buyer is paying for this product; it cannot be edited now", { code: "product_reserved" });
}

/**
 * Deletes a product (DELETE /api/products/{id}): the seller only, and not while an order
 * for it is open (pending or held). A product with order history stays as a deleted row
 * for the orders' bookkeeping; one without is removed with its image files.
 */
export async function deleteProduct(userId: string, id: string): Promise<void> {
  await ownProduct(userId, id, "delete");
  await purgeProduct(id);
}

/** The deletion itself, for callers that did their own permission check (admin). */
export async function purgeProduct(id: string): Promise<void> {
  const removedImages = await db.$transaction(async (tx) => {
    // Lock the row: a checkout reserving the product waits for us, or we for it, so no
    // order can appear between the check below and the delete.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM products WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
    if (locked.length === 0) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
    const orders = await tx.order.groupBy({ by: ["status"], where: { productId: id }, _count: true });
    if (orders.some((order) => order.status === "pending" || order.status === "held")) {
      throw new AppError("conflict", "This product has an open order and cannot be deleted", {
        code: "product_has_open_order",
      });
    }
    if (orders.length > 0) {
      await tx.product.update({ where: { id }, data: { deletedAt: new Date() } });
      await tx.cartItem.deleteMany({ where: { productId: id } });
      await tx.wishlistItem.deleteMany({ where: { productId: id } });
      return [];
    }
    const images = await tx.productImage.findMany({ where: { productId: id }, select: { url: true, thumbUrl: true } });
    await tx.product.delete({ where: { id } });
    return images;
  });
  // After the commit: a rolled-back delete must not have lost its pictures.
  await deleteStoredFiles(removedImages.flatMap((image) => storedKeysOf(image)));
}

type OwnedProduct = {
  id: string;
  status: string;
  locationId: string | null;
  images: { url: string; thumbUrl: string | null }[];
};

async function ownProduct(userId: string, id: string, action: "edit" | "delete"): Promise<OwnedProduct> {
  const product = isUuid(id)
    ? await db.product.findFirst({
        where: { id, deletedAt: null },
        select: {
          id: true,
          sellerId: true,
          status: true,
          locationId: true,
          images: { select: { url: true, thumbUrl: true }, orderBy: { position: "asc" } },
        },
      })
    : null;
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  if (product.sellerId !== userId) throw forbidden(`Only the seller can ${action} this product`, "not_seller");
  return product;
}

// ---------- Checks that need the database ----------

function invalid(field: string, message: string, code: ErrorCode): AppError {
  return new AppError("validation", message, { code, errors: [{ field, message }] });
}

async function categoryIdFor(name: string): Promise<string> {
  const category = await db.category.findFirst({
    where: { name: { equals: name, mode: "insensitive" } },
    select: { id: true },
  });
  if (!category) throw invalid("category", LISTING_MESSAGES.unknownCategory, "unknown_category");
  return category.id;
}

/**
 * A listing may use a location its seller stored (through the geocoder) or keep the one
 * it has. Location ids are public in product JSON, so accepting anyone's would let a
 * seller copy another's location and then read its exact address as "their" listing's.
 */
async function checkLocation(sellerId: string, locationId: string, currentLocationId: string | null): Promise<void> {
  if (locationId === currentLocationId) return;
  const location = await db.location.findUnique({ where: { id: locationId }, select: { createdById: true } });
  if (!location || location.createdById !== sellerId) {
    throw invalid("location_id", LISTING_MESSAGES.unknownLocation, "unknown_location");
  }
}

/** `uploadKey`: set for an upload this listing claims now. */
type ListingImage = { url: string; thumbUrl: string | null; uploadKey?: string };

/**
 * The listing's images in order. Images the product already has are kept as they are;
 * new ones must be URLs our upload issued, still stored, not another listing's, and
 * uploaded by this seller (an unclaimed upload belongs to its uploader).
 */
async function resolveImages(sellerId: string, urls: string[], current: ListingImage[]): Promise<ListingImage[]> {
  const store = storage();
  const currentByUrl = new Map(current.map((image) => [image.url, image]));
  return Promise.all(
    urls.map(async (given, index): Promise<ListingImage> => {
      const url = stripOwnOrigin(given);
      const kept = currentByUrl.get(url);
      if (kept) return kept;
      const key = uploadedKeyOf(url, store);
      if (!key) throw invalid(`images.${index}`, LISTING_MESSAGES.imageInvalid, "image_not_ours");
      if (!(await store.exists(key))) throw invalid(`images.${index}`, LISTING_MESSAGES.imageNotIssued, "image_missing");
      const canonical = store.urlFor(key);
      const owner = await db.productImage.findUnique({ where: { url: canonical }, select: { id: true } });
      if (owner) throw invalid(`images.${index}`, LISTING_MESSAGES.imageInUse, "image_in_use");
      if (!(await ownsUpload(sellerId, key))) {
        throw invalid(`images.${index}`, LISTING_MESSAGES.imageNotYours, "image_not_yours");
      }
      return { url: canonical, thumbUrl: store.urlFor(thumbKeyFor(key)), uploadKey: key };
    }),
  );
}

async function insertImages(tx: Tx, sellerId: string, productId: string, images: ListingImage[]): Promise<void> {
  await tx.productImage.createMany({
    data: images.map((image, position) => ({ productId, url: image.url, thumbUrl: image.thumbUrl, position })),
  });
  const claimed = images.flatMap((image) => (image.uploadKey ? [image.uploadKey] : []));
  // The cleanup job may have taken an upload since resolveImages looked.
  if (!(await claimUploads(tx, sellerId, claimed))) {
    throw invalid("images", LISTING_MESSAGES.imageNotIssued, "image_missing");
  }
}

/** Two listings racing for one uploaded image: the unique index on the URL decides. */
async function withImageUniqueness<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw invalid("images", LISTING_MESSAGES.imageInUse, "image_in_use");
    }
    throw error;
  }
}
