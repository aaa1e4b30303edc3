/**
 * Google Geocoding API (https://developers.google.com/maps/documentation/geocoding),
 * used when a server key is configured. Google answers HTTP 200 for most failures and
 * puts the outcome in `status`: OK, ZERO_RESULTS (not found) or an error status
 * (REQUEST_DENIED for a bad or restricted key, OVER_QUERY_LIMIT / OVER_DAILY_LIMIT for
 * quota, INVALID_REQUEST, UNKNOWN_ERROR), which we treat as "unavailable".
 */
import { z } from "zod";
import { log } from "@/lib/platform/log";
import { normalizePostcode } from "../postcode";
import { getJson } from "./http";
import { GeocoderUnavailableError, type Geocoder, type GeoResult, type PostalAddress, type Suggestion } from "./types";

/** Reverse answers precise enough for a pickup address, most precise first. */
const REVERSE_RESULT_TYPES = "street_address|premise|postal_code|locality";

const componentSchema = z.object({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()),
});

const resultSchema = z.object({
  formatted_address: z.string(),
  place_id: z.string(),
  geometry: z.object({
    location: z.object({ lat: z.number(), lng: z.number() }),
    location_type: z.string().optional(),
  }),
  address_components: z.array(componentSchema).default([]),
});
type GoogleResult = z.infer<typeof resultSchema>;

const responseSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z.array(resultSchema).default([]),
});

export class GoogleGeocoder implements Geocoder {
  readonly name = "google";

  constructor(
    private readonly endpoint: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {}

  geocode(query: string): Promise<GeoResult | null> {
    // components=country:NL restricts matches to the Netherlands; we still check the
    // country of what comes back (see firstDutch).
    return this.request({ address: query, components: "country:NL" });
  }

  reverse(lat: number, lng: number): Promise<GeoResult | null> {
    return this.request({ latlng: `${lat},${lng}`, result_type: REVERSE_RESULT_TYPES });
  }

  /**
   * Google's type-ahead is the separate Places Autocomplete API (billed per session, with
   * session tokens); the picker works without suggestions, so Google offers none.
   */
  async suggest(): Promise<Suggestion[]> {
    return [];
  }

  /** Google's answer for the postcode and number, when it names that very address. */
  async postalAddress(postcode: string, houseNumber: string, addition: string | null): Promise<PostalAddress | null> {
    const results = await this.results({ address: `${postcode} ${houseNumber}${addition ? ` ${addition}` : ""}`, components: `country:NL|postal_code:${postcode}` });
    for (const result of results) {
      const component = (type: string) => result.address_components.find((c) => c.types.includes(type))?.long_name;
      const street = component("route");
      const city = component("locality") ?? component("postal_town");
      const found = normalizePostcode(component("postal_code") ?? "");
      if (street && city && found === postcode && component("street_number") === houseNumber) {
        return { street, houseNumber, addition: addition?.trim() || null, postcode, city };
      }
    }
    return null;
  }

  private async request(params: Record<string, string>): Promise<GeoResult | null> {
    return firstDutch(await this.results(params));
  }

  private async results(params: Record<string, string>): Promise<GoogleResult[]> {
    const url = new URL(this.endpoint);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set("language", "nl");
    url.searchParams.set("key", this.apiKey);
    const body = await getJson(this.name, url, this.timeoutMs, responseSchema);
    if (body.status === "ZERO_RESULTS") return [];
    if (body.status !== "OK") {
      // A denied key or an exhausted quota needs an operator: say so in the log.
      log().error({ provider: this.name, status: body.status, message: body.error_message }, "geocoder refused the request");
      throw new GeocoderUnavailableError(this.name, body.status);
    }
    return body.results;
  }
}

/** The first result in the Netherlands, as a GeoResult; null when none is. */
function firstDutch(results: GoogleResult[]): GeoResult | null {
  for (const result of results) {
    const component = (type: string) => result.address_components.find((c) => c.types.includes(type));
    if (component("country")?.short_name !== "NL") continue;
    const postcode = component("postal_code")?.long_name;
    return {
      lat: result.geometry.location.lat,
      lng: result.geometry.location.lng,
      formattedAddress: result.formatted_address,
      placeId: `google:${result.place_id}`,
      postcode: (postcode && normalizePostcode(postcode)) || undefined,
      city: component("locality")?.long_name ?? component("postal_town")?.long_name,
      approximate: result.geometry.location_type === "APPROXIMATE",
    };
  }
  return null;
}
