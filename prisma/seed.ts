/**
 * Seeds the demo data (docs/operations.md) into an empty database: categories,
 * pickup locations, an admin, sellers, products and their pictures.
 *
 * Used by the embedded start-up (SEED_DEMO_DATA) and runnable on its own:
 *   DATABASE_URL=... AUTH_SECRET=... npx tsx prisma/seed.ts
 */
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { hashPassword } from "@/lib/domains/accounts";
import { disconnectDb, getDb, type Tx } from "@/lib/platform/db/client";
import type { PrismaClient } from "@/lib/platform/db/generated/client";
import { storage, type StorageDriver } from "@/lib/platform/storage";
import {
  ADMIN,
  CATEGORIES,
  DEMO_LOGIN_ROLES,
  DEMO_PASSWORD,
  LOCATIONS,
  PRODUCTS,
  SELLERS,
  type SeedUser,
} from "./seed-data";
import { storeProductImages, type StoredImage } from "./seed-images";
import { seedTraderDetails } from "./seed-trader";
import { seedSupportData } from "./seed-support";

export type DemoLogin = { role: string; email: string; password: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const USERS: readonly SeedUser[] = [ADMIN, ...SELLERS];

/** The demo accounts worth printing: the admin, the business seller, two sellers. */
export function demoLogins(password: string = DEMO_PASSWORD): DemoLogin[] {
  return DEMO_LOGIN_ROLES.map(({ role, userKey }) => ({
    role,
    email: userByKey(userKey).email,
    password,
  }));
}

/**
 * Seeds everything in one transaction when the database has no users yet, so restarting
 * keeps what is there. The pictures are stored first: if the transaction then fails, the
 * files are orphans under keys nobody references, which is harmless. `store` defaults to
 * the configured driver; tests pass their own.
 */
export async function seedDemoData(
  db: PrismaClient,
  store?: StorageDriver,
  /**
   * The demo accounts' password. The published DEMO_PASSWORD is only for the embedded
   * default on a laptop; a named database gets a generated one (scripts/start.ts).
   */
  options: { password?: string } = {},
): Promise<{ seeded: boolean; logins: DemoLogin[] }> {
  const password = options.password ?? DEMO_PASSWORD;
  if (await hasUsers(db)) return { seeded: false, logins: [] };

  const now = Date.now();
  const ids = newIds();
  const [passwordHash, images] = await Promise.all([
    // One hash for every demo account: argon2 is deliberately slow.
    hashPassword(password),
    // The configured driver only now: a database that needs no seeding needs no storage.
    storeProductImages(
      store ?? storage(),
      PRODUCTS.map((product, index) => ({
        productId: ids.products[index]!,
        index,
        category: product.category,
        imageCount: product.imageCount,
      })),
    ),
  ]);

  const seeded = await db.$transaction(
    async (tx) => {
      // Two instances starting at once on an empty database: the second waits here and
      // then finds the first one's users.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('kringwaar.seed-demo-data'))`;
      if (await hasUsers(tx)) return false;
      await insertDemoData(tx, { ids, now, passwordHash, images });
      return true;
    },
    { timeout: 60_000 },
  );
  return { seeded, logins: seeded ? demoLogins(password) : [] };
}

async function hasUsers(client: Tx): Promise<boolean> {
  return (await client.user.findFirst({ select: { id: true } })) !== null;
}

type Ids = { users: Map<string, string>; locations: Map<string, string>; products: string[] };

/** Ids made up front: the pictures' storage keys need the product ids before the insert. */
function newIds(): Ids {
  return {
    users: new Map(USERS.map((user) => [user.key, randomUUID()])),
    locations: new Map(LOCATIONS.map((location) => [location.key, randomUUID()])),
    products: PRODUCTS.map(() => randomUUID()),
  };
}

type InsertInput = { ids: Ids; now: number; passwordHash: string; images: Map<string, StoredImage[]> };

async function insertDemoData(tx: Tx, { ids, now, passwordHash, images }: InsertInput) {
  const categoryIds = await insertCategories(tx, now);
  await insertUsers(tx, ids, now, passwordHash);
  await insertLocations(tx, ids, now);
  await insertProducts(tx, ids, now, categoryIds, images);
  await seedTraderDetails(tx, ids.users.get("tijs"));
  await seedSupportData(tx, now);
}

/** Keeps categories that already exist (by name or slug) and returns every id by slug. */
async function insertCategories(tx: Tx, now: number): Promise<Map<string, string>> {
  await tx.category.createMany({
    data: CATEGORIES.map((category, position) => ({
      name: category.name,
      nameEn: category.nameEn,
      slug: category.slug,
      position,
      createdAt: new Date(now - ADMIN.memberForDays * DAY_MS),
    })),
    skipDuplicates: true,
  });
  const rows = await tx.category.findMany({
    where: { slug: { in: CATEGORIES.map((category) => category.slug) } },
    select: { id: true, slug: true },
  });
  return new Map(rows.map((row) => [row.slug, row.id]));
}

async function insertUsers(tx: Tx, ids: Ids, now: number, passwordHash: string) {
  await tx.user.createMany({
    data: USERS.map((user) => {
      const joinedAt = new Date(now - user.memberForDays * DAY_MS);
      return {
        id: ids.users.get(user.key)!,
        email: user.email,
        passwordHash,
        name: user.name,
        phone: user.phone,
        isAdmin: user.key === ADMIN.key,
        isVerified: user.isVerified,
        isBusinessSeller: user.business !== undefined,
        businessName: user.business?.name ?? null,
        vatNumber: user.business?.vatNumber ?? null,
        // The trader checks of DSA art. 30: the demo business seller may list.
        kvkNumber: user.business?.kvkNumber ?? null,
        businessAddress: user.business?.address ?? null,
        traderCertifiedAt: user.business ? joinedAt : null,
        createdAt: joinedAt,
        updatedAt: joinedAt,
      };
    }),
  });
}

async function insertLocations(tx: Tx, ids: Ids, now: number) {
  await tx.location.createMany({
    data: LOCATIONS.map((location) => {
      const address = `${location.street}, ${location.postcode} ${location.city}`;
      return {
        id: ids.locations.get(location.key)!,
        address,
        formattedAddress: address,
        postcode: location.postcode,
        city: location.city,
        lat: location.lat,
        lng: location.lng,
        createdById: ids.users.get(location.seller)!,
        createdAt: new Date(now - userByKey(location.seller).memberForDays * DAY_MS),
      };
    }),
  });
}

async function insertProducts(
  tx: Tx,
  ids: Ids,
  now: number,
  categoryIds: Map<string, string>,
  images: Map<string, StoredImage[]>,
) {
  const listedAt = PRODUCTS.map((_, index) => new Date(now - listedAgoMs(index)));
  await tx.product.createMany({
    data: PRODUCTS.map((product, index) => ({
      id: ids.products[index]!,
      sellerId: ids.users.get(product.seller)!,
      title: product.title,
      description: product.description,
      priceCents: product.priceCents,
      categoryId: categoryIds.get(product.category)!,
      condition: product.condition,
      status: product.isSold ? "sold" : "available",
      isFeatured: product.isFeatured ?? false,
      locationId: ids.locations.get(product.location)!,
      deliveryOptions: product.ships ? ["pickup", "shipping"] : ["pickup"],
      parcelSize: product.ships ?? null,
      createdAt: listedAt[index]!,
      updatedAt: listedAt[index]!,
    })),
  });
  await tx.productImage.createMany({
    data: ids.products.flatMap((productId, index) =>
      (images.get(productId) ?? []).map((image) => ({
        productId,
        url: image.url,
        thumbUrl: image.thumbUrl,
        position: image.position,
        createdAt: listedAt[index]!,
      })),
    ),
  });
}

/**
 * How long ago product `index` was listed: spread over the past 30 days (720 hours). A
 * stride coprime to 720 gives every product its own hour in a scrambled order, so the
 * "newest" sort does not simply replay the order of the seed list.
 */
function listedAgoMs(index: number): number {
  return ((index * 337) % 720) * HOUR_MS + ((index * 17) % 60) * MINUTE_MS;
}

function userByKey(key: string): SeedUser {
  const user = USERS.find((candidate) => candidate.key === key);
  if (!user) throw new Error(`Seed data names an unknown user: ${key}`);
  return user;
}

async function main() {
  const started = performance.now();
  try {
    const result = await seedDemoData(getDb());
    if (!result.seeded) {
      console.log("The database already has users; nothing seeded.");
      return;
    }
    console.log(`Demo data seeded in ${Math.round(performance.now() - started)} ms. Logins:`);
    for (const login of result.logins) {
      console.log(`  ${login.role.padEnd(16)} ${login.email.padEnd(30)} ${login.password}`);
    }
  } finally {
    await disconnectDb();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
