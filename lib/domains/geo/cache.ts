/**
 * Provider answers kept in PostgreSQL (geocode_cache), shared by every app instance: a
 * repeated address costs no provider call (PDOK asks for fair use, Google bills per
 * call). Keys are provider:kind:normalised query, so switching providers never serves
 * another provider's answers. Only answers are cached: when the provider is unavailable
 * nothing is written, and the next request asks again.
 */
import { z } from "zod";
import { db, Prisma } from "@/lib/platform/db/client";
import { normalizePostcode } from "./postcode";
import type { Geocoder, GeoResult, PostalAddress, Suggestion } from "./providers/types";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const CACHE_TTL_MS = {
  /** Addresses rarely move. */
  hit: 30 * DAY_MS,
  /** A new-build address may appear in the registry any day. */
  miss: DAY_MS,
  /** Type-ahead answers for a prefix; short, as they are many and cheap. */
  suggestions: HOUR_MS,
};

// Cached JSON is checked on the way out, so an entry written by an older release with
// another shape is a miss rather than a crash.
const geoResultSchema = z
  .object({
    lat: z.number(),
    lng: z.number(),
    formattedAddress: z.string(),
    placeId: z.string(),
    postcode: z.string().optional(),
    city: z.string().optional(),
    approximate: z.boolean().optional(),
  })
  .nullable();

const postalAddressSchema = z
  .object({ street: z.string(), houseNumber: z.string(), addition: z.string().nullable(), postcode: z.string(), city: z.string() })
  .nullable();

const suggestionsSchema = z.array(
  z.object({ id: z.string(), label: z.string(), type: z.enum(["address", "postcode", "place"]) }),
);

/** The same provider, answering repeated questions from the cache. */
export function withCache(provider: Geocoder): Geocoder {
  const key = (kind: string, query: string) => `${provider.name}:${kind}:${query}`;
  return {
    name: provider.name,
    geocode: (query) =>
      cached(key("geocode", cacheableQuery(query)), geoResultSchema, hitOrMissTtl, () => provider.geocode(query)),
    reverse: (lat, lng) => {
      // About a metre: a marker dropped on the same spot twice asks once.
      const [roundedLat, roundedLng] = [round5(lat), round5(lng)];
      return cached(key("reverse", `${roundedLat},${roundedLng}`), geoResultSchema, hitOrMissTtl, () =>
        provider.reverse(roundedLat, roundedLng),
      );
    },
    suggest: (query, limit) =>
      cached(key("suggest", `${limit}:${cacheableQuery(query)}`), suggestionsSchema, () => CACHE_TTL_MS.suggestions, () =>
        provider.suggest(query, limit),
      ),
    postalAddress: (postcode, number, addition) =>
      cached(
        key("postal", `${postcode}:${number}:${(addition ?? "").replace(/[\s-]/g, "").toLowerCase()}`),
        postalAddressSchema,
        (value) => (value ? CACHE_TTL_MS.hit : CACHE_TTL_MS.miss),
        () => provider.postalAddress(postcode, number, addition),
      ),
  };
}

/** Deletes expired entries (maintenance, e.g. from the cron route). */
export async function purgeExpiredGeocodeCache(): Promise<number> {
  const { count } = await db.geocodeCacheEntry.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}

/** Case and spacing do not change an answer; a postcode counts in its one spelling. */
function cacheableQuery(query: string): string {
  const compact = query.normalize("NFC").trim().replace(/\s+/g, " ");
  return normalizePostcode(compact) ?? compact.toLowerCase();
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

const hitOrMissTtl = (result: GeoResult | null) => (result ? CACHE_TTL_MS.hit : CACHE_TTL_MS.miss);

async function cached<T extends GeoResult | PostalAddress | Suggestion[] | null>(
  key: string,
  schema: z.ZodType<T>,
  ttlMs: (value: T) => number,
  ask: () => Promise<T>,
): Promise<T> {
  const entry = await db.geocodeCacheEntry.findUnique({ where: { key } });
  if (entry && entry.expiresAt > new Date()) {
    const stored = schema.safeParse(entry.result);
    if (stored.success) return stored.data;
  }
  const value = await ask();
  const data = {
    result: value === null ? Prisma.DbNull : value,
    expiresAt: new Date(Date.now() + ttlMs(value)),
  };
  await db.geocodeCacheEntry.upsert({ where: { key }, create: { key, ...data }, update: data });
  return value;
}
