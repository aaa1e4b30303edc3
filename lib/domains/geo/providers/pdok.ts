/**
 * PDOK Locatieserver v3.1 (https://api.pdok.nl/bzk/locatieserver/search/v3_1/ui/): the
 * government's free, keyless geocoder over the BAG (every Dutch address). Version 3.1
 * refuses query parameters its OpenAPI description does not list, so we send only
 * documented ones: q, fq, rows, fl (free, suggest) and lat, lon, type, distance, rows, fl
 * (reverse). Answers are Solr documents under `response.docs`.
 */
import { z } from "zod";
import { haversineKm } from "../distance";
import { normalizePostcode } from "../postcode";
import { getJson } from "./http";
import type { Geocoder, GeoResult, Suggestion, SuggestionType } from "./types";

/** Addresses, postcodes and towns; not streets, parcels, municipalities or provinces. */
const TYPE_FILTER = "type:(adres OR postcode OR woonplaats)";
const FIELDS = "id,type,weergavenaam,postcode,woonplaatsnaam,centroide_ll";

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
