import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_CENTER, isInNetherlands, PICKER_ZOOM, PRODUCTS_MAP_ZOOM } from "@/lib/domains/geo/bounds";
import { boundingBox, haversineKm } from "@/lib/domains/geo/distance";
import { findPostcode, formatPostcode, normalizePostcode, parsePostcode } from "@/lib/domains/geo/postcode";
import { approximatePosition, APPROXIMATE_RADIUS_M } from "@/lib/domains/geo/privacy";
import { OfflineGeocoder } from "@/lib/domains/geo/providers/offline";
import { parseCentroid } from "@/lib/domains/geo/providers/pdok";
import { geocodeSchema, reverseGeocodeSchema } from "@/lib/domains/geo/schemas";

const AMSTERDAM_CENTRAAL = { lat: 52.3791, lng: 4.9003 };
const UTRECHT_CENTRAAL = { lat: 52.0894, lng: 5.11 };

describe("Dutch postcodes", () => {
  it("normalises the ways people write them", () => {
    for (const written of ["1234 AB", "1234ab", "1234-AB", " 1234  ab ", "1234 - ab"]) {
      expect(normalizePostcode(written), written).toBe("1234AB");
    }
  });

  it("refuses a leading zero, wrong lengths and the letter pairs SA, SD and SS", () => {
    for (const wrong of ["0123 AB", "123 AB", "12345 AB", "1234 A", "1234 ABC", "1234 SA", "1234sd", "1234-SS", "AB 1234", ""]) {
      expect(normalizePostcode(wrong), wrong).toBeNull();
    }
    expect(normalizePostcode("1234 SB")).toBe("1234SB");
  });

  it("recognises the four-digit area (PC4) as a postcode of its own kind", () => {
    expect(parsePostcode("3511")).toEqual({ kind: "pc4", value: "3511" });
    expect(parsePostcode("3511 ab")).toEqual({ kind: "pc6", value: "3511AB" });
    expect(parsePostcode("0511")).toBeNull();
    expect(normalizePostcode("3511")).toBeNull();
  });

  it("finds a postcode inside an address and formats it for display", () => {
    expect(findPostcode("Domplein 29, 3512 je Utrecht")).toBe("3512JE");
    expect(findPostcode("Domplein 29, Utrecht")).toBeNull();
    expect(findPostcode("Straat 1, 1234 SS Dorp")).toBeNull();
    expect(formatPostcode("3512JE")).toBe("3512 JE");
    expect(formatPostcode("3512")).toBe("3512");
  });
});

describe("distances", () => {
  it("measures Amsterdam Centraal to Utrecht Centraal", () => {
    // 35.24 km on a sphere of 6371 km; the ellipsoid says about 35.3 km.
    expect(haversineKm(AMSTERDAM_CENTRAAL, UTRECHT_CENTRAAL)).toBeCloseTo(35.24, 1);
    expect(haversineKm(UTRECHT_CENTRAAL, AMSTERDAM_CENTRAAL)).toBeCloseTo(35.24, 1);
    expect(haversineKm(UTRECHT_CENTRAAL, UTRECHT_CENTRAAL)).toBe(0);
  });

  it("measures one degree of latitude as about 111.2 km", () => {
    expect(haversineKm({ lat: 52, lng: 5 }, { lat: 53, lng: 5 })).toBeCloseTo(111.19, 1);
  });

  it("builds a bounding box that contains the whole circle and little more", () => {
    const center = UTRECHT_CENTRAAL;
    const box = boundingBox(center, 10);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const edge = pointAt(center, 9.999, bearing);
      expect(edge.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(edge.lat).toBeLessThanOrEqual(box.maxLat);
      expect(edge.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(edge.lng).toBeLessThanOrEqual(box.maxLng);
    }
    expect(haversineKm(center, { lat: box.maxLat, lng: center.lng })).toBeCloseTo(10, 3);
    expect(haversineKm(center, { lat: center.lat, lng: box.maxLng })).toBeLessThan(10.1);
  });
});

describe("the Netherlands and the map constants", () => {
  it("accepts points inside the box and refuses the rest", () => {
    expect(isInNetherlands(52.0894, 5.11)).toBe(true);
    expect(isInNetherlands(50.75, 3.2)).toBe(true);
    expect(isInNetherlands(53.7, 7.25)).toBe(true);
    expect(isInNetherlands(50.6326, 5.5797)).toBe(false); // Liège
    expect(isInNetherlands(52.52, 13.405)).toBe(false); // Berlin
    expect(isInNetherlands(Number.NaN, 5)).toBe(false);
  });

  it("has the map's centre and zoom levels", () => {
    expect(DEFAULT_MAP_CENTER).toEqual({ lat: 52.1326, lng: 5.2913 });
    expect(PICKER_ZOOM).toBe(12);
    expect(PRODUCTS_MAP_ZOOM).toBe(8);
    expect(isInNetherlands(DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng)).toBe(true);
  });
});

describe("PDOK centroide_ll", () => {
  it("reads WKT points longitude first", () => {
    expect(parseCentroid("POINT(5.12131 52.09085)")).toEqual({ lat: 52.09085, lng: 5.12131 });
    expect(parseCentroid("POINT (4.9 52.37)")).toEqual({ lat: 52.37, lng: 4.9 });
    expect(parseCentroid("POINT(-0.5 51)")).toEqual({ lat: 51, lng: -0.5 });
  });

  it("refuses anything that is not a point", () => {
    for (const wkt of ["", "POINT()", "POINT(5.1)", "LINESTRING(5 52, 6 53)", "POINT(a b)"]) {
      expect(parseCentroid(wkt), wkt).toBeNull();
    }
  });
});

describe("approximate positions (pickup privacy)", () => {
  it("rounds to a fixed grid whose circle always contains the real spot", () => {
    expect(approximatePosition(52.09085, 5.12131)).toEqual({ lat: 52.09, lng: 5.12 });
    for (const spot of [{ lat: 52.0949, lng: 5.1249 }, { lat: 53.4449, lng: 6.8349 }, { lat: 50.7551, lng: 3.2051 }]) {
      const shown = approximatePosition(spot.lat, spot.lng);
      expect(shown).not.toEqual(spot);
      expect(haversineKm(shown, spot) * 1000).toBeLessThan(APPROXIMATE_RADIUS_M);
    }
  });
});

describe("input schemas", () => {
  it("refuses blank addresses and trims the rest", () => {
    expect(geocodeSchema.safeParse({ address: "   " }).success).toBe(false);
    expect(geocodeSchema.safeParse({}).success).toBe(false);
    expect(geocodeSchema.safeParse({ address: "x".repeat(201) }).success).toBe(false);
    expect(geocodeSchema.parse({ address: "  Domplein 29 " }).address).toBe("Domplein 29");
  });

  it("wants numeric coordinates on the globe", () => {
    expect(reverseGeocodeSchema.safeParse({ lat: 52.1, lng: 5.1 }).success).toBe(true);
    expect(reverseGeocodeSchema.safeParse({ lat: "52.1", lng: 5.1 }).success).toBe(false);
    expect(reverseGeocodeSchema.safeParse({ lat: 91, lng: 5.1 }).success).toBe(false);
  });
});

describe("the offline gazetteer", () => {
  const offline = new OfflineGeocoder();

  it("finds places whatever the case, accents or punctuation", async () => {
    const utrecht = await offline.geocode("utrecht");
    expect(utrecht).toMatchObject({ formattedAddress: "Utrecht", city: "Utrecht", approximate: true });
    expect(haversineKm(utrecht!, UTRECHT_CENTRAAL)).toBeLessThan(2);
    expect((await offline.geocode("SINT ODILIENBERG"))?.formattedAddress).toBe("Sint Odiliënberg");
    expect((await offline.geocode("s-Hertogenbosch"))?.formattedAddress).toBe("'s-Hertogenbosch");
  });

  it("knows the names Dutch people use", async () => {
    for (const [written, shown] of [
      ["Den Haag", "Den Haag"], ["'s-Gravenhage", "Den Haag"], ["The Hague", "Den Haag"],
      ["Den Bosch", "'s-Hertogenbosch"], ["Almere", "Almere"],
    ]) {
      expect((await offline.geocode(written!))?.formattedAddress, written).toBe(shown);
    }
  });

  it("prefers an exact name to a prefix and larger places to smaller ones", async () => {
    expect((await offline.geocode("Ede"))?.formattedAddress).toBe("Ede");
    expect((await offline.geocode("Amster"))?.formattedAddress).toBe("Amsterdam");
    // Two Oosterhouts: the town in Brabant, not the village in Gelderland.
    expect((await offline.geocode("Oosterhout"))?.lng).toBeCloseTo(4.86, 1);
  });

  it("reduces an address to the place it names", async () => {
    expect((await offline.geocode("Kerkstraat 1, Zeist, Nederland"))?.formattedAddress).toBe("Zeist");
    expect(await offline.geocode("Domplein 29 3512 JE Utrecht")).toMatchObject({
      formattedAddress: "3512 JE, Utrecht", postcode: "3512JE", city: "Utrecht",
    });
    expect(await offline.geocode("Nergenshuizen aan de Nergens")).toBeNull();
  });

  it("answers a postcode with the main place of its region", async () => {
    expect(await offline.geocode("3511 ab")).toMatchObject({
      formattedAddress: "3511 AB, Utrecht", postcode: "3511AB", city: "Utrecht", approximate: true,
    });
    expect((await offline.geocode("1012"))?.formattedAddress).toBe("1012, Amsterdam");
    expect(await offline.geocode("1234 SS")).toBeNull();
  });

  it("has a place for every two-digit postcode region", async () => {
    for (let region = 10; region <= 99; region++) {
      const result = await offline.geocode(`${region}00`);
      expect(result, String(region)).not.toBeNull();
      expect(isInNetherlands(result!.lat, result!.lng), String(region)).toBe(true);
    }
  });

  it("reverse-geocodes to the nearest Dutch town, and not across the border", async () => {
    expect((await offline.reverse(52.0894, 5.11))?.formattedAddress).toBe("Utrecht");
    expect(await offline.reverse(51.2194, 4.4025)).toBeNull(); // Antwerp
    expect(await offline.reverse(50.7753, 6.0839)).toBeNull(); // Aachen
    expect(await offline.reverse(52.6, 3.5)).toBeNull(); // the North Sea
  });

  it("suggests postcodes and places", async () => {
    expect(await offline.suggest("3511AB", 5)).toEqual([
      { id: "offline:postcode:3511AB", label: "3511 AB, Utrecht", type: "postcode" },
    ]);
    const places = await offline.suggest("Ams", 3);
    expect(places.map((s) => s.label)).toEqual(["Amsterdam", "Amsterdam-Zuidoost", "Amstelveen"]);
    expect(places.every((s) => s.type === "place")).toBe(true);
    expect(await offline.suggest("A", 5)).toEqual([]);
  });
});

/** The point `km` away from `from` in direction `bearing` (degrees), on the sphere. */
function pointAt(from: { lat: number; lng: number }, km: number, bearing: number) {
  const R = 6371;
  const rad = Math.PI / 180;
  const d = km / R;
  const lat1 = from.lat * rad;
  const b = bearing * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = from.lng * rad + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: lng2 / rad };
}
