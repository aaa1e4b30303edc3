/** The one interface every geocoding provider implements (docs/catalog.md). */

export type GeoResult = {
  lat: number;
  lng: number;
  formattedAddress: string;
  /** The provider's stable id, prefixed by provider ("pdok:adr-…", "google:ChIJ…"). */
  placeId: string;
  /** Normalised "1234AB" when known. */
  postcode?: string;
  city?: string;
  /** True when the position stands for an area (a postcode region, a town centre). */
  approximate?: boolean;
};

export type SuggestionType = "address" | "postcode" | "place";

/** One type-ahead entry; the picker geocodes `label` when it is chosen. */
export type Suggestion = { id: string; label: string; type: SuggestionType };

/**
 * One Dutch address from the address register, the way a letter writes it: what a
 * postcode and house number (and addition) lead to.
 */
export type PostalAddress = {
  street: string;
  houseNumber: string;
  /** The letter and/or addition ("A", "bis", "2"), or null. */
  addition: string | null;
  /** Normalised "1234AB". */
  postcode: string;
  city: string;
};

export interface Geocoder {
  /** Names the provider in cache keys and logs. */
  readonly name: string;
  /** The best match in the Netherlands, or null when there is none. */
  geocode(query: string): Promise<GeoResult | null>;
  /** The address (or place) at a point in the Netherlands, or null when there is none. */
  reverse(lat: number, lng: number): Promise<GeoResult | null>;
  suggest(query: string, limit: number): Promise<Suggestion[]>;
  /**
   * The address at a postcode and house number (with the addition when given), or null
   * when the register has none. A provider without street data is unavailable
   * (GeocoderUnavailableError): the person then types street and town.
   */
  postalAddress(postcode: string, houseNumber: string, addition: string | null): Promise<PostalAddress | null>;
}

/**
 * The provider could not answer (network error, timeout, 5xx, quota or key problem), as
 * opposed to answering "not found" (null). Callers may fall back to another provider;
 * nothing about the query may be cached.
 */
export class GeocoderUnavailableError extends Error {
  readonly provider: string;

  constructor(provider: string, reason: string, options?: { cause?: unknown }) {
    super(`${provider} geocoder unavailable: ${reason}`, options);
    this.name = "GeocoderUnavailableError";
    this.provider = provider;
  }
}
