/**
 * Picks the geocoder from configuration (lib/platform/env.ts GEOCODER):
 * - `offline`: the gazetteer only, no network.
 * - `pdok` / `google`: that service, cached; when it is down, requests fail (503).
 * - `auto` (default): Google when GOOGLE_MAPS_SERVER_KEY is set, else PDOK, cached, with
 *   the offline gazetteer answering whenever that service is unavailable, so a laptop
 *   without network still finds "Utrecht". Fallback answers are not cached: they are
 *   coarse, and the real service should answer as soon as it is back.
 * Built per call from the (cached) configuration; construction is free.
 */
import { ConfigError, env } from "@/lib/platform/env";
import { log } from "@/lib/platform/log";
import { withCache } from "../cache";
import { GoogleGeocoder } from "./google";
import { OfflineGeocoder } from "./offline";
import { PdokGeocoder } from "./pdok";
import { GeocoderUnavailableError, type Geocoder } from "./types";

export function geocoder(): Geocoder {
  const config = env();
  const pdok = () => new PdokGeocoder(config.PDOK_BASE_URL, config.GEOCODER_TIMEOUT_MS);
  const google = (key: string) => new GoogleGeocoder(config.GOOGLE_GEOCODING_URL, key, config.GEOCODER_TIMEOUT_MS);
  switch (config.GEOCODER) {
    case "offline":
      return new OfflineGeocoder();
    case "pdok":
      return withCache(pdok());
    case "google":
      if (!config.GOOGLE_MAPS_SERVER_KEY) {
        throw new ConfigError("GEOCODER=google needs GOOGLE_MAPS_SERVER_KEY (see .env.example)");
      }
      return withCache(google(config.GOOGLE_MAPS_SERVER_KEY));
    case "auto": {
      const primary = config.GOOGLE_MAPS_SERVER_KEY ? google(config.GOOGLE_MAPS_SERVER_KEY) : pdok();
      return withFallback(withCache(primary), new OfflineGeocoder());
    }
  }
}

/** `primary`, with `fallback` answering whenever `primary` is unavailable. */
function withFallback(primary: Geocoder, fallback: Geocoder): Geocoder {
  async function attempt<T>(ask: (geocoder: Geocoder) => Promise<T>): Promise<T> {
    try {
      return await ask(primary);
    } catch (error) {
      if (!(error instanceof GeocoderUnavailableError)) throw error;
      log().warn({ provider: primary.name, fallback: fallback.name, reason: error.message }, "geocoder unavailable, falling back");
      return ask(fallback);
    }
  }
  return {
    name: primary.name,
    geocode: (query) => attempt((g) => g.geocode(query)),
    reverse: (lat, lng) => attempt((g) => g.reverse(lat, lng)),
    suggest: (query, limit) => attempt((g) => g.suggest(query, limit)),
    postalAddress: (postcode, number, addition) => attempt((g) => g.postalAddress(postcode, number, addition)),
  };
}

export { GeocoderUnavailableError };
export type { Geocoder, GeoResult, PostalAddress, Suggestion } from "./types";
