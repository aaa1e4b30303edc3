import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as suggest } from "@/app/api/geocode/suggest/route";
import { POST as geocode } from "@/app/api/geocode/route";
import { POST as reverseGeocode } from "@/app/api/reverse-geocode/route";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { purgeExpiredGeocodeCache } from "@/lib/domains/geo/cache";
import { haversineKm } from "@/lib/domains/geo/distance";
import { ADDRESS_NOT_FOUND, GEOCODING_UNAVAILABLE, NO_ADDRESS_FOUND } from "@/lib/domains/geo/service";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";

// ---------- Local doubles of PDOK Locatieserver v3.1 and Google Geocoding ----------
// They answer in the services' documented response shapes; `mode` makes them fail.

type Mode = "ok" | "error" | "hang";

const upstream = { mode: "ok" as Mode, requests: [] as URL[] };
let server: Server;
let baseUrl: string;

const DOMPLEIN = {
  id: "adr-8e2ecb5ec77dc3b4f9b5a8a4a1a1c2d3", type: "adres", weergavenaam: "Domplein 29, 3512JE Utrecht",
  straatnaam: "Domplein", huisnummer: 29, postcode: "3512JE", woonplaatsnaam: "Utrecht", gemeentenaam: "Utrecht",
  provincienaam: "Utrecht", centroide_ll: "POINT(5.12131 52.09085)", centroide_rd: "POINT(136905.3 455930.7)",
};
const POSTCODE_3511AB = {
  id: "pcd-6b7a5fbd2f6c4e51a2d0a3b4c5d6e7f8", type: "postcode", weergavenaam: "Oudegracht, 3511AB Utrecht",
  postcode: "3511AB", woonplaatsnaam: "Utrecht", gemeentenaam: "Utrecht", centroide_ll: "POINT(5.11784 52.09415)",
};
const WOONPLAATS_UTRECHT = {
  id: "wpl-3c5f0a1b2c3d4e5f6a7b8c9d0e1f2a3b", type: "woonplaats", weergavenaam: "Utrecht, Utrecht, Utrecht",
  woonplaatsnaam: "Utrecht", gemeentenaam: "Utrecht", centroide_ll: "POINT(5.07433 52.09839)",
};
/** Not a Dutch answer: the double's way of testing that the service checks the box. */
const LIEGE = {
  id: "adr-0000000000000000000000000000liege", type: "adres", weergavenaam: "Place Saint-Lambert 1, 4000 Liège",
  woonplaatsnaam: "Liège", centroide_ll: "POINT(5.5736 50.6455)",
};
const PDOK_DOCS = [DOMPLEIN, POSTCODE_3511AB, WOONPLAATS_UTRECHT];

function pdokFree(q: string) {
  const query = q.toLowerCase().replace(/\s+/g, "");
  if (query.includes("domplein")) return [DOMPLEIN];
  if (query === "3511ab") return [POSTCODE_3511AB];
  if (query === "utrecht") return [WOONPLAATS_UTRECHT];
  if (query.includes("liège") || query.includes("liege")) return [LIEGE];
  return [];
}

/** The reverse service answers the nearest object of the type, however far away. */
function pdokReverse(url: URL) {
  const point = { lat: Number(url.searchParams.get("lat")), lng: Number(url.searchParams.get("lon")) };
  const type = url.searchParams.get("type") ?? "adres";
  return PDOK_DOCS.filter((doc) => doc.type === type)
    .map((doc) => {
      const [lng, lat] = doc.centroide_ll.slice(6, -1).split(" ").map(Number);
      return { ...doc, afstand: Math.round(haversineKm(point, { lat: lat!, lng: lng! }) * 1000) };
    })
    .sort((a, b) => a.afstand - b.afstand)
    .slice(0, 1);
}

function pdokSuggest(q: string) {
  const docs = [DOMPLEIN, POSTCODE_3511AB, WOONPLAATS_UTRECHT, { id: "gem-0344", type: "gemeente", weergavenaam: "Gemeente Utrecht" }]
    .filter((doc) => doc.weergavenaam.toLowerCase().includes(q.toLowerCase()))
    .map(({ id, type, weergavenaam }) => ({ id, type, weergavenaam, score: 7.5 }));
  const highlighting = Object.fromEntries(docs.map((doc) => [doc.id, { suggest: [doc.weergavenaam.replace(q, `<b>${q}</b>`)] }]));
  return { response: { numFound: docs.length, start: 0, maxScore: 7.5, numFoundExact: true, docs }, highlighting };
}

function googleResult(country: "NL" | "BE") {
  return country === "NL"
    ? {
        address_components: [
          { long_name: "29", short_name: "29", types: ["street_number"] },
          { long_name: "Domplein", short_name: "Domplein", types: ["route"] },
          { long_name: "Utrecht", short_name: "Utrecht", types: ["locality", "political"] },
          { long_name: "Utrecht", short_name: "UT", types: ["administrative_area_level_1", "political"] },
          { long_name: "Nederland", short_name: "NL", types: ["country", "political"] },
          { long_name: "3512 JE", short_name: "3512 JE", types: ["postal_code"] },
        ],
        formatted_address: "Domplein 29, 3512 JE Utrecht, Nederland",
        geometry: { location: { lat: 52.0908, lng: 5.1213 }, location_type: "ROOFTOP" },
        place_id: "ChIJd8BlQ2BZwokRAFUEcm_qrcA",
        types: ["street_address"],
      }
    : {
        address_components: [
          { long_name: "1", short_name: "1", types: ["street_number"] },
          { long_name: "Grote Markt", short_name: "Grote Markt", types: ["route"] },
          { long_name: "Antwerpen", short_name: "Antwerpen", types: ["locality", "political"] },
          { long_name: "België", short_name: "BE", types: ["country", "political"] },
          { long_name: "2000", short_name: "2000", types: ["postal_code"] },
        ],
        formatted_address: "Grote Markt 1, 2000 Antwerpen, België",
        geometry: { location: { lat: 51.2213, lng: 4.3997 }, location_type: "ROOFTOP" },
        place_id: "ChIJ4Ys0Xk_3w0cR0LW9a1K0Zz0",
        types: ["street_address"],
      };
}

function google(url: URL) {
  const key = url.searchParams.get("key");
  if (key === "denied-key") return { error_message: "The provided API key is invalid.", results: [], status: "REQUEST_DENIED" };
  if (key === "quota-key") return { error_message: "You have exceeded your daily request quota.", results: [], status: "OVER_QUERY_LIMIT" };
  const address = url.searchParams.get("address")?.toLowerCase() ?? "";
  const latlng = url.searchParams.get("latlng");
  let country: "NL" | "BE" | null = null;
  if (address.includes("domplein")) country = "NL";
  if (address.includes("antwerpen")) country = "BE";
  if (latlng) {
    const [lat, lng] = latlng.split(",").map(Number);
    if (haversineKm({ lat: lat!, lng: lng! }, { lat: 52.0908, lng: 5.1213 }) < 1) country = "NL";
    if (haversineKm({ lat: lat!, lng: lng! }, { lat: 51.2213, lng: 4.3997 }) < 5) country = "BE";
  }
  return country ? { results: [googleResult(country)], status: "OK" } : { results: [], status: "ZERO_RESULTS" };
}

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://double");
  upstream.requests.push(url);
  if (upstream.mode === "hang") return; // never answers; closed in afterAll
  if (upstream.mode === "error") {
    res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
    return;
  }
  const q = url.searchParams.get("q") ?? "";
  const routes: Record<string, () => unknown> = {
    "/pdok/free": () => {
      const docs = pdokFree(q);
      return { response: { numFound: docs.length, start: 0, maxScore: 10.2, numFoundExact: true, docs } };
    },
    "/pdok/reverse": () => {
      const docs = pdokReverse(url);
      return { response: { numFound: docs.length, start: 0, maxScore: 1, numFoundExact: true, docs } };
    },
    "/pdok/suggest": () => pdokSuggest(q),
    "/google/geocode/json": () => google(url),
  };
  const route = routes[url.pathname];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(route()));
}

const requestsTo = (path: string) => upstream.requests.filter((url) => url.pathname === path);

const GEO_SETTINGS = ["GEOCODER", "PDOK_BASE_URL", "GOOGLE_GEOCODING_URL", "GOOGLE_MAPS_SERVER_KEY", "GEOCODER_TIMEOUT_MS"] as const;

function configureGeocoder(settings: Partial<Record<(typeof GEO_SETTINGS)[number], string>>) {
  for (const name of GEO_SETTINGS) delete process.env[name];
  Object.assign(process.env, {
    PDOK_BASE_URL: `${baseUrl}/pdok`,
    GOOGLE_GEOCODING_URL: `${baseUrl}/google/geocode/json`,
    GEOCODER_TIMEOUT_MS: "2000",
    ...settings,
  });
  resetEnvCache();
}

let seller: RegisteredUser;

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  seller = await registerUser();
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  for (const name of GEO_SETTINGS) delete process.env[name];
  resetEnvCache();
});

beforeEach(async () => {
  upstream.mode = "ok";
  upstream.requests = [];
  await db.geocodeCacheEntry.deleteMany();
  await db.rateLimitBucket.deleteMany({ where: { key: { startsWith: "geo:" } } });
  configureGeocoder({ GEOCODER: "pdok" });
});

const geocodeAs = (user: RegisteredUser, address: unknown) =>
  call(geocode, { path: "/api/geocode", token: user.token, json: { address } });
const reverseAs = (user: RegisteredUser, lat: unknown, lng: unknown) =>
  call(reverseGeocode, { path: "/api/reverse-geocode", token: user.token, json: { lat, lng } });
const suggestAs = (user: RegisteredUser, q: string) =>
  call(suggest, { path: `/api/geocode/suggest?q=${encodeURIComponent(q)}`, token: user.token });

describe("POST /api/geocode with PDOK", () => {
  it("geocodes an address, stores it as the user's location and asks PDOK the documented way", async () => {
    const res = await geocodeAs(seller, "  Domplein 29, Utrecht ");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      coordinates: { lat: 52.09085, lng: 5.12131 },
      formatted_address: "Domplein 29, 3512JE Utrecht",
      place_id: `pdok:${DOMPLEIN.id}`,
      location_id: expect.any(String),
      approximate: false,
    });
    const location = await db.location.findUniqueOrThrow({ where: { id: res.body.location_id } });
    expect(location).toMatchObject({
      address: "Domplein 29, Utrecht", formattedAddress: "Domplein 29, 3512JE Utrecht", postcode: "3512JE",
      city: "Utrecht", lat: 52.09085, lng: 5.12131, createdById: seller.id, placeId: `pdok:${DOMPLEIN.id}`,
    });

    const [request] = requestsTo("/pdok/free");
    expect(request?.searchParams.get("q")).toBe("Domplein 29, Utrecht");
    expect(request?.searchParams.get("fq")).toBe("type:(adres OR postcode OR woonplaats)");
    expect(request?.searchParams.get("rows")).toBe("1");
  });

  it("geocodes a postcode and a place, marked approximate", async () => {
    const postcode = await geocodeAs(seller, "3511 AB");
    expect(postcode.body).toMatchObject({
      success: true, coordinates: { lat: 52.09415, lng: 5.11784 }, formatted_address: "Oudegracht, 3511AB Utrecht", approximate: true,
    });
    const place = await geocodeAs(seller, "Utrecht");
    expect(place.body).toMatchObject({
      success: true, coordinates: { lat: 52.09839, lng: 5.07433 }, formatted_address: "Utrecht, Utrecht, Utrecht", approximate: true,
    });
    expect(place.body.location_id).not.toBe(postcode.body.location_id);
  });

  it("answers a miss with the not-found message and stores no location", async () => {
    const res = await geocodeAs(seller, "Nergensstraat 1, Nergenshuizen");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, detail: ADDRESS_NOT_FOUND, code: "address_not_found" });
    expect(await db.location.count({ where: { address: { contains: "Nergens" } } })).toBe(0);
  });

  it("refuses an answer outside the Netherlands", async () => {
    const res = await geocodeAs(seller, "Place Saint-Lambert 1, Liège");
    expect(res.body).toEqual({ success: false, detail: ADDRESS_NOT_FOUND, code: "address_not_found" });
    expect(await db.location.count({ where: { city: "Liège" } })).toBe(0);
  });

  it("refuses blank input with 422 and asks no provider", async () => {
    for (const address of ["", "   \t ", undefined, "x".repeat(201)]) {
      const res = await geocodeAs(seller, address);
      expect(res.status, JSON.stringify(address)).toBe(422);
      expect(res.body.errors[0].field).toBe("address");
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it("answers a cached repeat without asking PDOK again, and reuses the location", async () => {
    const first = await geocodeAs(seller, "Domplein 29, Utrecht");
    const again = await geocodeAs(seller, "domplein 29,   UTRECHT");
    expect(again.body).toEqual(first.body);
    expect(requestsTo("/pdok/free")).toHaveLength(1);
    expect(await db.location.count({ where: { createdById: seller.id, formattedAddress: DOMPLEIN.weergavenaam } })).toBe(1);

    const entry = await db.geocodeCacheEntry.findUniqueOrThrow({ where: { key: "pdok:geocode:domplein 29, utrecht" } });
    expect(entry.result).toMatchObject({ formattedAddress: DOMPLEIN.weergavenaam });
    expect(entry.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  });

  it("caches misses for a day, and forgets expired entries when purged", async () => {
    await geocodeAs(seller, "Nergensstraat 1");
    await geocodeAs(seller, "Nergensstraat 1");
    expect(requestsTo("/pdok/free")).toHaveLength(1);
    const entry = await db.geocodeCacheEntry.findUniqueOrThrow({ where: { key: "pdok:geocode:nergensstraat 1" } });
    expect(entry.result).toBeNull();
    const ttl = entry.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);

    await db.geocodeCacheEntry.update({ where: { key: entry.key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await purgeExpiredGeocodeCache()).toBe(1);
    await geocodeAs(seller, "Nergensstraat 1");
    expect(requestsTo("/pdok/free")).toHaveLength(2);
  });

  it("answers 503 when PDOK fails, and stores nothing", async () => {
    const locationsBefore = await db.location.count();
    upstream.mode = "error";
    const res = await geocodeAs(seller, "Domplein 29, Utrecht");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: GEOCODING_UNAVAILABLE, code: "geocoder_unavailable" });
    expect(await db.geocodeCacheEntry.count()).toBe(0);
    expect(await db.location.count()).toBe(locationsBefore);

    // Nothing was cached: once PDOK is back, the address is found.
    upstream.mode = "ok";
    expect((await geocodeAs(seller, "Domplein 29, Utrecht")).body.success).toBe(true);
  });

  it("answers 503 when PDOK does not answer within the timeout, and stores nothing", async () => {
    configureGeocoder({ GEOCODER: "pdok", GEOCODER_TIMEOUT_MS: "300" });
    const locationsBefore = await db.location.count();
    upstream.mode = "hang";
    const started = Date.now();
    const res = await geocodeAs(seller, "Domplein 29, Utrecht");
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(GEOCODING_UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await db.geocodeCacheEntry.count()).toBe(0);
    expect(await db.location.count()).toBe(locationsBefore);
  });

  it("falls back to the offline gazetteer in auto mode when PDOK is down, without caching that answer", async () => {
    configureGeocoder({ GEOCODER: "auto" });
    upstream.mode = "error";
    const res = await geocodeAs(seller, "Utrecht");
    expect(res.body).toMatchObject({ success: true, formatted_address: "Utrecht", approximate: true });
    expect(res.body.place_id).toMatch(/^offline:geonames:/);
    expect(requestsTo("/pdok/free")).toHaveLength(1);
    expect(await db.geocodeCacheEntry.count()).toBe(0);

    // PDOK is back: its answer wins and is cached.
    upstream.mode = "ok";
    expect((await geocodeAs(seller, "Utrecht")).body.formatted_address).toBe("Utrecht, Utrecht, Utrecht");
    expect(await db.geocodeCacheEntry.count()).toBe(1);
  });
});

describe("POST /api/reverse-geocode with PDOK", () => {
  it("finds the address at the marker and stores the marker's position", async () => {
    const res = await reverseAs(seller, 52.0909, 5.1214);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, address: "Domplein 29, 3512JE Utrecht", location_id: expect.any(String) });
    const location = await db.location.findUniqueOrThrow({ where: { id: res.body.location_id } });
    expect(location).toMatchObject({ lat: 52.0909, lng: 5.1214, formattedAddress: DOMPLEIN.weergavenaam, city: "Utrecht" });

    const [request] = requestsTo("/pdok/reverse");
    expect(request?.searchParams.get("lat")).toBe("52.0909");
    expect(request?.searchParams.get("lon")).toBe("5.1214");
    expect(request?.searchParams.get("type")).toBe("adres");
  });

  it("falls back to a postcode area and then a town when no address is near", async () => {
    const res = await reverseAs(seller, 52.1, 4.98);
    expect(res.body).toMatchObject({ success: true, address: "Utrecht, Utrecht, Utrecht" });
    expect(requestsTo("/pdok/reverse").map((url) => url.searchParams.get("type"))).toEqual(["adres", "postcode", "woonplaats"]);
  });

  it("refuses coordinates in Belgium, inside the lat/lng box or outside it", async () => {
    const antwerp = await reverseAs(seller, 51.2194, 4.4025);
    expect(antwerp.body).toEqual({ success: false, detail: NO_ADDRESS_FOUND, code: "no_address_found" });
    const liege = await reverseAs(seller, 50.6326, 5.5797);
    expect(liege.body).toEqual({ success: false, detail: NO_ADDRESS_FOUND, code: "no_address_found" });
    // Liège is outside the box: no provider call at all.
    expect(requestsTo("/pdok/reverse")).toHaveLength(3);
    expect(await db.location.count({ where: { lat: { lt: 51.5 } } })).toBe(0);
  });

  it("caches by position rounded to about a metre", async () => {
    await reverseAs(seller, 52.090901, 5.121401);
    const again = await reverseAs(seller, 52.090902, 5.121398);
    expect(again.body.success).toBe(true);
    expect(requestsTo("/pdok/reverse")).toHaveLength(1);
    expect(await db.geocodeCacheEntry.findUnique({ where: { key: "pdok:reverse:52.0909,5.1214" } })).not.toBeNull();
  });

  it("refuses non-numeric coordinates with 422", async () => {
    expect((await reverseAs(seller, "52.09", 5.12)).status).toBe(422);
    expect((await reverseAs(seller, undefined, 5.12)).status).toBe(422);
  });

  it("answers 503 when PDOK fails, and stores nothing", async () => {
    const locationsBefore = await db.location.count();
    upstream.mode = "error";
    const res = await reverseAs(seller, 52.0909, 5.1214);
    expect(res.status).toBe(503);
    expect(res.body.detail).toBe(GEOCODING_UNAVAILABLE);
    expect(await db.geocodeCacheEntry.count()).toBe(0);
    expect(await db.location.count()).toBe(locationsBefore);
  });
});

describe("GET /api/geocode/suggest", () => {
  it("suggests PDOK addresses, postcodes and places (not municipalities)", async () => {
    const res = await suggestAs(seller, "Utrecht");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      suggestions: [
        { id: `pdok:${DOMPLEIN.id}`, label: "Domplein 29, 3512JE Utrecht", type: "address" },
        { id: `pdok:${POSTCODE_3511AB.id}`, label: "Oudegracht, 3511AB Utrecht", type: "postcode" },
        { id: `pdok:${WOONPLAATS_UTRECHT.id}`, label: "Utrecht, Utrecht, Utrecht", type: "place" },
      ],
    });
    expect(requestsTo("/pdok/suggest")[0]?.searchParams.get("rows")).toBe("5");
  });

  it("answers fewer than 2 characters with no suggestions and no provider call", async () => {
    expect((await suggestAs(seller, " U ")).body).toEqual({ suggestions: [] });
    expect(upstream.requests).toHaveLength(0);
  });

  it("answers an empty list when PDOK is down (the geocode call reports the outage)", async () => {
    upstream.mode = "error";
    const res = await suggestAs(seller, "Domplein");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ suggestions: [] });
  });
});

describe("the offline provider", () => {
  beforeEach(() => configureGeocoder({ GEOCODER: "offline" }));

  it("finds Utrecht, a postcode and a reverse position without any network", async () => {
    const place = await geocodeAs(seller, "Utrecht");
    expect(place.body).toMatchObject({ success: true, formatted_address: "Utrecht", approximate: true });
    expect(place.body.coordinates.lat).toBeCloseTo(52.09, 1);

    const postcode = await geocodeAs(seller, "3511 AB");
    expect(postcode.body).toMatchObject({ success: true, formatted_address: "3511 AB, Utrecht", place_id: "offline:postcode:3511AB" });
    expect(await db.location.findUniqueOrThrow({ where: { id: postcode.body.location_id } })).toMatchObject({
      postcode: "3511AB", city: "Utrecht",
    });

    const reverse = await reverseAs(seller, 52.0894, 5.11);
    expect(reverse.body).toMatchObject({ success: true, address: "Utrecht" });

    const suggestions = await suggestAs(seller, "Amers");
    expect(suggestions.body.suggestions[0]).toMatchObject({ label: "Amersfoort", type: "place" });

    expect(upstream.requests).toHaveLength(0);
    expect(await db.geocodeCacheEntry.count()).toBe(0);
  });

  it("refuses Belgian coordinates", async () => {
    expect((await reverseAs(seller, 51.2194, 4.4025)).body.success).toBe(false);
  });
});

describe("the Google provider", () => {
  it("geocodes with components=country:NL and the server key", async () => {
    configureGeocoder({ GEOCODER: "google", GOOGLE_MAPS_SERVER_KEY: "test-server-key" });
    const res = await geocodeAs(seller, "Domplein 29, Utrecht");
    expect(res.body).toEqual({
      success: true,
      coordinates: { lat: 52.0908, lng: 5.1213 },
      formatted_address: "Domplein 29, 3512 JE Utrecht, Nederland",
      place_id: "google:ChIJd8BlQ2BZwokRAFUEcm_qrcA",
      location_id: expect.any(String),
      approximate: false,
    });
    const [request] = requestsTo("/google/geocode/json");
    expect(request?.searchParams.get("address")).toBe("Domplein 29, Utrecht");
    expect(request?.searchParams.get("components")).toBe("country:NL");
    expect(request?.searchParams.get("key")).toBe("test-server-key");
    expect(await db.location.findUniqueOrThrow({ where: { id: res.body.location_id } })).toMatchObject({
      postcode: "3512JE", city: "Utrecht",
    });
  });

  it("treats ZERO_RESULTS and a result abroad as not found", async () => {
    configureGeocoder({ GEOCODER: "google", GOOGLE_MAPS_SERVER_KEY: "test-server-key" });
    expect((await geocodeAs(seller, "Nergensstraat 1")).body).toMatchObject({ success: false, detail: ADDRESS_NOT_FOUND });
    expect((await geocodeAs(seller, "Grote Markt 1, Antwerpen")).body).toMatchObject({ success: false, detail: ADDRESS_NOT_FOUND });
  });

  it("reverse-geocodes with result types, and refuses a point in Belgium", async () => {
    configureGeocoder({ GEOCODER: "google", GOOGLE_MAPS_SERVER_KEY: "test-server-key" });
    const res = await reverseAs(seller, 52.0908, 5.1213);
    expect(res.body).toMatchObject({ success: true, address: "Domplein 29, 3512 JE Utrecht, Nederland" });
    expect(requestsTo("/google/geocode/json")[0]?.searchParams.get("result_type")).toBe("street_address|premise|postal_code|locality");
    expect((await reverseAs(seller, 51.2213, 4.3997)).body).toMatchObject({ success: false, detail: NO_ADDRESS_FOUND });
  });

  it("answers 503 for REQUEST_DENIED and OVER_QUERY_LIMIT, and caches nothing", async () => {
    for (const key of ["denied-key", "quota-key"]) {
      configureGeocoder({ GEOCODER: "google", GOOGLE_MAPS_SERVER_KEY: key });
      const res = await geocodeAs(seller, "Domplein 29, Utrecht");
      expect(res.status, key).toBe(503);
      expect(res.body.detail).toBe(GEOCODING_UNAVAILABLE);
      expect(JSON.stringify(res.body)).not.toContain(key);
    }
    expect(await db.geocodeCacheEntry.count()).toBe(0);
  });

  it("is the auto choice when a server key is set, with the gazetteer behind a denied key", async () => {
    configureGeocoder({ GEOCODER: "auto", GOOGLE_MAPS_SERVER_KEY: "denied-key" });
    const res = await geocodeAs(seller, "Utrecht");
    expect(res.body).toMatchObject({ success: true, formatted_address: "Utrecht" });
    expect(requestsTo("/google/geocode/json")).toHaveLength(1);
    expect(requestsTo("/pdok/free")).toHaveLength(0);
  });
});

describe("access and rate limits", () => {
  it("requires a signed-in user", async () => {
    expect((await call(geocode, { path: "/api/geocode", json: { address: "Utrecht" } })).status).toBe(401);
    expect((await call(reverseGeocode, { path: "/api/reverse-geocode", json: { lat: 52.09, lng: 5.12 } })).status).toBe(401);
    expect((await call(suggest, { path: "/api/geocode/suggest?q=Utrecht" })).status).toBe(401);
    expect(upstream.requests).toHaveLength(0);
  });

  it("allows 60 lookups per user in 10 minutes, then answers 429", async () => {
    configureGeocoder({ GEOCODER: "offline" });
    const busy = await registerUser();
    for (let i = 0; i < 30; i++) {
      expect((await geocodeAs(busy, "Utrecht")).status).toBe(200);
      expect((await reverseAs(busy, 52.0894, 5.11)).status).toBe(200);
    }
    const limited = await geocodeAs(busy, "Utrecht");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await reverseAs(busy, 52.0894, 5.11)).status).toBe(429);
    // Limits are per user.
    expect((await geocodeAs(seller, "Utrecht")).status).toBe(200);
  });
});
