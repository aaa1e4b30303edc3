/**
 * PDOK Locatieserver v3.1 (https://api.pdok.nl/bzk/locatieserver/search/v3_1/ui/): the
 * government's free, keyless geocoder over the BAG (every Dutch address). Version 3.1
 * refuses query parameters its OpenAPI description does not list, so we send only
 * documented ones: q, fq, rows, fl (free, suggest) and lat, lon, type, distance, rows, fl
 * (reverse). Answers are Solr documents under `response.docs`. The postcode lookup
 * (postalAddress) filters addresses by postcode and house number in one `fq`.
 */
import { z } from "zod";
import { haversineKm } from "../distance";
import { normalizePostcode } from "../postcode";
import { getJson } from "./http";
import type { Geocoder, GeoResult, PostalAddress, Suggestion, SuggestionType } from "./types";

/** Addresses, postcodes and towns; not streets, parcels, municipalities or provinces. */
const TYPE_FILTER = "type:(adres OR postcode OR woonplaats)";
const FIELDS = "id,type,weergavenaam,postcode,woonplaatsnaam,centroide_ll";
const ADDRESS_FIELDS = "id,type,weergavenaam,straatnaam,huisnummer,huisletter,huisnummertoevoeging,postcode,woonplaatsnaam";
/** A postcode and number have a handful of additions (flats: A, B, 1, 2 …); a street block at most a few dozen. */
const ADDRESS_ROWS = 50;

/**
 * Reverse geocoding asks for the nearest address first, then a postcode area, then a
 * town. Each step only counts within its distance: the reverse service always answers
 * with the nearest Dutch object, however far, so a point in Antwerp would otherwise get
 * an address in Zeeland.
 */
const REVERSE_STEPS = [
  { type: "adres", maxDistanceM: 2_000 },
  { type: "postcode", maxDistanceM: 5_000 },
  { type: "woonplaats", maxDistanceM: 10_000 },
] as const;

const SUGGESTION_TYPES: Record<string, SuggestionType> = {
  adres: "address",
  postcode: "postcode",
  woonplaats: "place",
};

const docSchema = z.object({
  id: z.string(),
  type: z.string(),
  weergavenaam: z.string(),
  postcode: z.string().optional(),
  woonplaatsnaam: z.string().optional(),
  centroide_ll: z.string().optional(),
  straatnaam: z.string().optional(),
  huisnummer: z.union([z.number(), z.string()]).optional(),
  huisletter: z.string().optional(),
  huisnummertoevoeging: z.string().optional(),
});
type PdokDoc = z.infer<typeof docSchema>;

const responseSchema = z.object({
  response: z.object({ docs: z.array(docSchema) }),
});

/** "POINT(5.12 52.09)" → {lat: 52.09, lng: 5.12}: WKT puts the longitude first. */
export function parseCentroid(wkt: string): { lat: number; lng: number } | null {
  const match = /^\s*POINT\s*\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)\s*$/i.exec(wkt);
  if (!match) return null;
  return { lng: Number(match[1]), lat: Number(match[2]) };
}

export class PdokGeocoder implements Geocoder {
  readonly name = "pdok";

  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async geocode(query: string): Promise<GeoResult | null> {
    const docs = await this.search("free", { q: query, fq: TYPE_FILTER, rows: "1", fl: FIELDS });
    return docs[0] ? toResult(docs[0]) : null;
  }

  async reverse(lat: number, lng: number): Promise<GeoResult | null> {
    for (const step of REVERSE_STEPS) {
      const docs = await this.search("reverse", {
        lat: String(lat),
        lon: String(lng),
        type: step.type,
        distance: String(step.maxDistanceM),
        rows: "1",
        fl: FIELDS,
      });
      const result = docs[0] ? toResult(docs[0]) : null;
      if (result && haversineKm({ lat, lng }, result) * 1000 <= step.maxDistanceM) return result;
    }
    return null;
  }

  async suggest(query: string, limit: number): Promise<Suggestion[]> {
    const docs = await this.search("suggest", { q: query, fq: TYPE_FILTER, rows: String(limit), fl: "id,type,weergavenaam" });
    return docs.flatMap((doc) => {
      const type = SUGGESTION_TYPES[doc.type];
      return type ? [{ id: `pdok:${doc.id}`, label: doc.weergavenaam, type }] : [];
    });
  }

  async postalAddress(postcode: string, houseNumber: string, addition: string | null): Promise<PostalAddress | null> {
    const docs = await this.search("free", {
      q: `${postcode} ${houseNumber}`,
      fq: `type:adres AND postcode:${postcode} AND huisnummer:${houseNumber}`,
      rows: String(ADDRESS_ROWS),
      fl: ADDRESS_FIELDS,
    });
    const addresses = docs.flatMap((doc) => {
      const address = toPostalAddress(doc);
      return address && address.postcode === postcode && address.houseNumber === houseNumber ? [address] : [];
    });
    return pickAddition(addresses, addition);
  }

  private async search(endpoint: "free" | "reverse" | "suggest", params: Record<string, string>): Promise<PdokDoc[]> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, "")}/${endpoint}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const body = await getJson(this.name, url, this.timeoutMs, responseSchema);
    return body.response.docs;
  }
}

function toResult(doc: PdokDoc): GeoResult | null {
  const point = doc.centroide_ll ? parseCentroid(doc.centroide_ll) : null;
  if (!point) return null;
  return {
    ...point,
    formattedAddress: doc.weergavenaam,
    placeId: `pdok:${doc.id}`,
    postcode: (doc.postcode && normalizePostcode(doc.postcode)) || undefined,
    city: doc.woonplaatsnaam,
    approximate: doc.type !== "adres",
  };
}

function toPostalAddress(doc: PdokDoc): PostalAddress | null {
  const postcode = doc.postcode ? normalizePostcode(doc.postcode) : null;
  if (doc.type !== "adres" || !doc.straatnaam || doc.huisnummer === undefined || !postcode || !doc.woonplaatsnaam) return null;
  const addition = `${doc.huisletter ?? ""}${doc.huisletter && doc.huisnummertoevoeging ? "-" : ""}${doc.huisnummertoevoeging ?? ""}`;
  return { street: doc.straatnaam, houseNumber: String(doc.huisnummer), addition: addition || null, postcode, city: doc.woonplaatsnaam };
}

/** "a", "A", "-a" and " a " are one addition. */
const additionKey = (addition: string | null) => (addition ?? "").replace(/[\s-]/g, "").toUpperCase();

/**
 * The address with the addition asked for; without one, the address without an addition,
 * else the first (the street and town are the same for every addition of a number).
 */
export function pickAddition(addresses: PostalAddress[], addition: string | null): PostalAddress | null {
  const wanted = additionKey(addition);
  const exact = addresses.find((a) => additionKey(a.addition) === wanted);
  if (exact) return exact;
  const first = addresses[0];
  if (!first) return null;
  // The street and town are known; the addition is the person's to give.
  return { ...first, addition: addition?.trim() || null };
}
