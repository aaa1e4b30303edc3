/**
 * Geocoding for the location picker: POST /api/geocode, POST /api/reverse-geocode and the
 * type-ahead. Netherlands only (docs/catalog.md). A found address is stored as a
 * Location the listing form then sends as `location_id`.
 */
import { AppError } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { db } from "@/lib/platform/db/client";
import type { Location } from "@/lib/platform/db/generated/client";
import { log } from "@/lib/platform/log";
import { isInNetherlands } from "./bounds";
import { formatPostcode } from "./postcode";
import { geocoder, GeocoderUnavailableError, type Geocoder, type GeoResult, type PostalAddress, type Suggestion } from "./providers";
import type { GeocodeJson, PostalAddressJson, ReverseGeocodeJson } from "./responses";
import { addressSchema } from "./schemas";

/** The geocoding errors of docs/catalog.md. */
export const ADDRESS_NOT_FOUND = "Address not found. Please enter a valid Netherlands address.";
export const NO_ADDRESS_FOUND = "No address found for this location.";
export const GEOCODING_UNAVAILABLE = "Geocoding is unavailable. Please try again later.";

const MINUTE = 60;

/**
 * Per user, in 10 minutes: 60 lookups (geocode and reverse together: a seller drags the
 * marker a few times per listing) and 300 type-ahead requests (one per pause in typing).
 */
export const GEO_LIMITS = {
  lookups: { max: 60, windowSeconds: 10 * MINUTE },
  suggestions: { max: 300, windowSeconds: 10 * MINUTE },
};

export async function geocodeAddress(userId: string, address: string): Promise<GeocodeJson> {
  const query = validAddress(address);
  await enforce({ key: `geo:lookup:${userId}`, ...GEO_LIMITS.lookups });
  const result = await lookupAddress(query);
  if (!result) return { success: false, detail: ADDRESS_NOT_FOUND, code: "address_not_found" };
  const location = await storeLocation(userId, query, result);
  return {
    success: true,
    coordinates: { lat: result.lat, lng: result.lng },
    formatted_address: result.formattedAddress,
    place_id: result.placeId,
    location_id: location.id,
    approximate: result.approximate ?? false,
  };
}

export async function reverseGeocode(userId: string, lat: number, lng: number): Promise<ReverseGeocodeJson> {
  await enforce({ key: `geo:lookup:${userId}`, ...GEO_LIMITS.lookups });
  const miss = { success: false, detail: NO_ADDRESS_FOUND, code: "no_address_found" } as const;
  if (!isInNetherlands(lat, lng)) return miss;
  const result = await ask((g) => g.reverse(lat, lng));
  if (!result || !isInNetherlands(result.lat, result.lng)) return miss;
  // The seller put the marker here: that is the pickup spot; the address names it.
  const location = await storeLocation(userId, result.formattedAddress, { ...result, lat, lng });
  return { success: true, address: result.formattedAddress, location_id: location.id };
}

/** Type-ahead for the picker's search box; fewer than 2 characters get none. */
export async function suggestPlaces(userId: string, q: string, limit: number): Promise<Suggestion[]> {
  const query = q.trim();
  if (query.length < 2) return [];
  await enforce({ key: `geo:suggest:${userId}`, ...GEO_LIMITS.suggestions });
  try {
    return await geocoder().suggest(query, limit);
  } catch (error) {
    // Suggestions are a convenience: without them the seller still types the address,
    // and geocoding it reports the outage.
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    log().warn({ reason: error.message }, "geocoder suggestions unavailable");
    return [];
  }
}

export type PostalAddressAnswer = PostalAddressJson;

/**
 * The Dutch address at a postcode and house number (GET /api/geocode/address), for the
 * address forms that ask postcode and number first (docs/catalog.md). Counted with the
 * user's other lookups.
 */
export async function lookupPostalAddress(
  userId: string,
  query: { postcode: string; house_number: string; addition: string | null },
): Promise<PostalAddressAnswer> {
  await enforce({ key: `geo:lookup:${userId}`, ...GEO_LIMITS.lookups });
  const found = await findPostalAddress(query.postcode, query.house_number, query.addition);
  if (found === "unavailable") return { found: false, reason: "unavailable" };
  if (!found) return { found: false, reason: "not_found" };
  return {
    found: true,
    address: { street: found.street, house_number: found.houseNumber, addition: found.addition, postcode: formatPostcode(found.postcode), city: found.city },
  };
}

/** The register's address, null when there is none, "unavailable" when it cannot be asked now. */
export async function findPostalAddress(postcode: string, houseNumber: string, addition: string | null): Promise<PostalAddress | null | "unavailable"> {
  try {
    return await geocoder().postalAddress(postcode, houseNumber, addition);
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    log().info({ reason: error.message }, "postcode lookup unavailable");
    return "unavailable";
  }
}

/**
 * An address, postcode or place in the Netherlands → its position; null when there is
 * none. Cached, not rate limited (the public product search uses it through nearby.ts).
 */
export async function lookupAddress(query: string): Promise<GeoResult | null> {
  const result = await ask((g) => g.geocode(query));
  // The provider restricts to the Netherlands; the box is the last word (and what the
  // database's CHECK enforces).
  return result && isInNetherlands(result.lat, result.lng) ? result : null;
}

/** Services are called from other code too: the same rule as the route's schema. */
function validAddress(address: string): string {
  const parsed = addressSchema.safeParse(address);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Invalid address";
  throw new AppError("validation", message, { code: "validation", errors: [{ field: "address", message }] });
}

async function ask<T>(question: (g: Geocoder) => Promise<T>): Promise<T> {
  try {
    return await question(geocoder());
  } catch (error) {
    if (!(error instanceof GeocoderUnavailableError)) throw error;
    log().warn({ reason: error.message }, "geocoding unavailable");
    throw new AppError("unavailable", GEOCODING_UNAVAILABLE, { code: "geocoder_unavailable" });
  }
}

/** The user's Location for this result: reused when they picked the same spot before. */
async function storeLocation(userId: string, address: string, result: GeoResult): Promise<Location> {
  const same = {
    createdById: userId,
    formattedAddress: result.formattedAddress,
    lat: result.lat,
    lng: result.lng,
  };
  const existing = await db.location.findFirst({ where: same, orderBy: { createdAt: "asc" } });
  if (existing) return existing;
  return db.location.create({
    data: {
      ...same,
      address,
      placeId: result.placeId,
      postcode: result.postcode ?? null,
      city: result.city ?? null,
    },
  });
}
