/**
 * TEST DATA — not real service points. The test shipping provider's offline list of
 * carrier points and parcel lockers, spread over Dutch and Belgian towns, so that the
 * checkout's service-point list and map work with no network. Names are made up, streets
 * and positions are only roughly right; real points come from MyParcel's
 * /pickup_locations (./myparcel.ts). Codes start with "TEST" so they can never be mistaken
 * for a carrier's location code.
 *
 * A searched postcode is placed by its area (below), not by its exact address: Dutch
 * postcodes by their first two digits (PostNL's postcode regions; the town named is the
 * region's main place), Belgian ones by their range (the province's postal ranges).
 */
import type { Carrier, Country, ServicePoint } from "./types";

type Hours = "shop" | "supermarket" | "locker" | "post_office";
type PointRow = [
  carrier: Carrier,
  kind: ServicePoint["kind"],
  code: string,
  name: string,
  street: string,
  houseNumber: string,
  postcode: string,
  city: string,
  country: Country,
  lat: number,
  lng: number,
  hours: Hours,
];

// prettier-ignore
const ROWS: PointRow[] = [
  ["postnl", "service_point", "TEST-NL-0101", "Tabak & Lectuur Centraal", "Damrak", "70", "1012 LM", "Amsterdam", "NL", 52.3755, 4.8961, "shop"],
  ["postnl", "locker", "TEST-NL-0102", "PostNL-pakketautomaat Station Zuid", "Zuidplein", "136", "1077 XV", "Amsterdam", "NL", 52.3389, 4.8730, "locker"],
  ["dhl", "service_point", "TEST-NL-0103", "Boekhandel De Pijp", "Ferdinand Bolstraat", "42", "1072 LL", "Amsterdam", "NL", 52.3553, 4.8915, "shop"],
  ["postnl", "service_point", "TEST-NL-0104", "Supermarkt Oost", "Linnaeusstraat", "91", "1093 EK", "Amsterdam", "NL", 52.3601, 4.9262, "supermarket"],
  ["dhl", "locker", "TEST-NL-0105", "DHL Parcelstation Noord", "Buikslotermeerplein", "30", "1025 XL", "Amsterdam", "NL", 52.4003, 4.9325, "locker"],
  ["postnl", "service_point", "TEST-NL-0201", "Kantoorboekhandel Coolsingel", "Coolsingel", "101", "3012 AG", "Rotterdam", "NL", 51.9205, 4.4780, "shop"],
  ["dhl", "service_point", "TEST-NL-0202", "Drogisterij Witte de With", "Witte de Withstraat", "23", "3012 BM", "Rotterdam", "NL", 51.9163, 4.4748, "shop"],
  ["postnl", "locker", "TEST-NL-0203", "PostNL-pakketautomaat Zuidplein", "Zuidplein", "450", "3083 CW", "Rotterdam", "NL", 51.8865, 4.4890, "locker"],
  ["postnl", "service_point", "TEST-NL-0204", "Supermarkt Kralingen", "Oudedijk", "12", "3061 AC", "Rotterdam", "NL", 51.9245, 4.5102, "supermarket"],
  ["postnl", "service_point", "TEST-NL-0301", "Tabakszaak Oudegracht", "Oudegracht", "150", "3511 AZ", "Utrecht", "NL", 52.0899, 5.1199, "shop"],
  ["dhl", "service_point", "TEST-NL-0302", "Fietsenmaker Lombok", "Kanaalstraat", "60", "3531 CK", "Utrecht", "NL", 52.0934, 5.0991, "shop"],
  ["postnl", "locker", "TEST-NL-0303", "PostNL-pakketautomaat Utrecht Centraal", "Stationsplein", "1", "3511 ED", "Utrecht", "NL", 52.0894, 5.1103, "locker"],
  ["postnl", "service_point", "TEST-NL-0304", "Supermarkt Overvecht", "Zamenhofdreef", "5", "3562 JT", "Utrecht", "NL", 52.1166, 5.1123, "supermarket"],
  ["postnl", "service_point", "TEST-NL-0401", "Boekhandel Spui", "Spui", "60", "2511 BT", "Den Haag", "NL", 52.0771, 4.3150, "shop"],
  ["dhl", "service_point", "TEST-NL-0402", "Telefoonwinkel Scheveningen", "Keizerstraat", "31", "2584 BB", "Den Haag", "NL", 52.1074, 4.2739, "shop"],
  ["postnl", "locker", "TEST-NL-0403", "PostNL-pakketautomaat Hollands Spoor", "Stationsplein", "25", "2515 BX", "Den Haag", "NL", 52.0697, 4.3224, "locker"],
  ["postnl", "service_point", "TEST-NL-0501", "Tabak & Post Stratumseind", "Stratumseind", "20", "5611 ET", "Eindhoven", "NL", 51.4378, 5.4825, "shop"],
  ["dhl", "service_point", "TEST-NL-0502", "Supermarkt Woensel", "Woenselse Markt", "9", "5612 CP", "Eindhoven", "NL", 51.4563, 5.4781, "supermarket"],
  ["postnl", "locker", "TEST-NL-0503", "PostNL-pakketautomaat Strijp-S", "Torenallee", "20", "5617 BC", "Eindhoven", "NL", 51.4475, 5.4573, "locker"],
  ["postnl", "service_point", "TEST-NL-0601", "Kantoorboekhandel Grote Markt", "Grote Markt", "35", "9711 LV", "Groningen", "NL", 53.2189, 6.5677, "shop"],
  ["dhl", "service_point", "TEST-NL-0602", "Fietsenwinkel Zernike", "Paddepoelsterweg", "4", "9745 AA", "Groningen", "NL", 53.2440, 6.5420, "shop"],
  ["postnl", "locker", "TEST-NL-0603", "PostNL-pakketautomaat Hoofdstation", "Stationsplein", "4", "9726 AE", "Groningen", "NL", 53.2106, 6.5644, "locker"],
  ["postnl", "service_point", "TEST-NL-0701", "Boekhandel Diezerstraat", "Diezerstraat", "80", "8011 RJ", "Zwolle", "NL", 52.5133, 6.0918, "shop"],
  ["dhl", "service_point", "TEST-NL-0702", "Supermarkt Stadshagen", "Stadshagenplein", "2", "8043 VD", "Zwolle", "NL", 52.5290, 6.0550, "supermarket"],
  ["postnl", "service_point", "TEST-NL-0801", "Tabakszaak Vrijthof", "Vrijthof", "12", "6211 LD", "Maastricht", "NL", 50.8487, 5.6876, "shop"],
  ["postnl", "locker", "TEST-NL-0802", "PostNL-pakketautomaat Wyck", "Stationsstraat", "40", "6221 BP", "Maastricht", "NL", 50.8493, 5.7036, "locker"],
  ["postnl", "service_point", "TEST-NL-0901", "Kantoorboekhandel Korenmarkt", "Korenmarkt", "8", "6811 GW", "Arnhem", "NL", 51.9822, 5.9045, "shop"],
  ["dhl", "service_point", "TEST-NL-0902", "Supermarkt Presikhaaf", "Kastanjelaan", "100", "6828 GR", "Arnhem", "NL", 51.9887, 5.9466, "supermarket"],
  ["postnl", "service_point", "TEST-NL-1001", "Boekhandel Nieuwestad", "Nieuwestad", "50", "8911 CR", "Leeuwarden", "NL", 53.2007, 5.7929, "shop"],
  ["dhl", "locker", "TEST-NL-1002", "DHL Parcelstation Station Leeuwarden", "Stationsplein", "3", "8911 AC", "Leeuwarden", "NL", 53.1963, 5.7927, "locker"],
  ["postnl", "service_point", "TEST-NL-1101", "Tabak & Lectuur Grote Markt", "Grote Markt", "20", "2011 RD", "Haarlem", "NL", 52.3812, 4.6367, "shop"],
  ["postnl", "service_point", "TEST-NL-1102", "Supermarkt Molenstraat", "Molenstraat", "30", "6511 HG", "Nijmegen", "NL", 51.8462, 5.8622, "supermarket"],
  ["dhl", "service_point", "TEST-NL-1103", "Drogisterij Ginnekenweg", "Ginnekenweg", "140", "4818 JL", "Breda", "NL", 51.5790, 4.7842, "shop"],
  ["postnl", "service_point", "TEST-NL-1104", "Kantoorboekhandel Heuvel", "Heuvelstraat", "60", "5038 AE", "Tilburg", "NL", 51.5574, 5.0905, "shop"],
  ["postnl", "locker", "TEST-NL-1105", "PostNL-pakketautomaat Enschede Centraal", "Stationsplein", "2", "7511 JD", "Enschede", "NL", 52.2224, 6.8901, "locker"],
  ["dhl", "service_point", "TEST-NL-1106", "Boekhandel Langestraat", "Langestraat", "45", "3811 AE", "Amersfoort", "NL", 52.1565, 5.3887, "shop"],
  ["postnl", "service_point", "TEST-NL-1107", "Supermarkt Stadshart", "Stadhuisplein", "10", "1315 HT", "Almere", "NL", 52.3709, 5.2190, "supermarket"],
  ["bpost", "service_point", "TEST-BE-0101", "Postpunt Dansaert", "Rue Antoine Dansaert", "40", "1000", "Brussel", "BE", 50.8505, 4.3468, "shop"],
  ["bpost", "service_point", "TEST-BE-0102", "Postkantoor De Brouckère", "Boulevard Anspach", "1", "1000", "Brussel", "BE", 50.8510, 4.3522, "post_office"],
  ["postnl", "service_point", "TEST-BE-0103", "Krantenwinkel Flagey", "Place Eugène Flagey", "18", "1050", "Elsene", "BE", 50.8275, 4.3723, "shop"],
  ["dhl", "locker", "TEST-BE-0104", "DHL Parcelstation Schaerbeek", "Place Colignon", "1", "1030", "Schaarbeek", "BE", 50.8670, 4.3770, "locker"],
  ["bpost", "locker", "TEST-BE-0105", "bpost-pakjesautomaat Zuidstation", "Avenue Fonsny", "47", "1060", "Sint-Gillis", "BE", 50.8357, 4.3356, "locker"],
  ["bpost", "service_point", "TEST-BE-0201", "Postpunt Meir", "Meir", "80", "2000", "Antwerpen", "BE", 51.2181, 4.4110, "shop"],
  ["postnl", "service_point", "TEST-BE-0202", "Dagbladhandel Zuid", "Vlaamsekaai", "30", "2000", "Antwerpen", "BE", 51.2090, 4.3920, "shop"],
  ["dhl", "service_point", "TEST-BE-0203", "Buurtwinkel Berchem", "Statiestraat", "110", "2600", "Berchem", "BE", 51.1990, 4.4320, "supermarket"],
  ["bpost", "service_point", "TEST-BE-0301", "Postkantoor Korenmarkt", "Korenmarkt", "16", "9000", "Gent", "BE", 51.0545, 3.7215, "post_office"],
  ["postnl", "service_point", "TEST-BE-0302", "Krantenwinkel Sint-Pieters", "Koningin Maria Hendrikaplein", "5", "9000", "Gent", "BE", 51.0360, 3.7105, "shop"],
  ["dhl", "locker", "TEST-BE-0303", "DHL Parcelstation Dampoort", "Dampoortstraat", "2", "9000", "Gent", "BE", 51.0560, 3.7400, "locker"],
  ["bpost", "service_point", "TEST-BE-0401", "Postpunt Bondgenotenlaan", "Bondgenotenlaan", "60", "3000", "Leuven", "BE", 50.8810, 4.7060, "shop"],
  ["postnl", "service_point", "TEST-BE-0402", "Dagbladhandel Oude Markt", "Oude Markt", "12", "3000", "Leuven", "BE", 50.8780, 4.6995, "shop"],
  ["bpost", "service_point", "TEST-BE-0501", "Postkantoor Markt", "Markt", "5", "8000", "Brugge", "BE", 51.2090, 3.2245, "post_office"],
  ["postnl", "locker", "TEST-BE-0502", "PostNL-pakketautomaat Station Brugge", "Stationsplein", "1", "8000", "Brugge", "BE", 51.1970, 3.2170, "locker"],
  ["bpost", "service_point", "TEST-BE-0601", "Point Poste Saint-Lambert", "Place Saint-Lambert", "30", "4000", "Liège", "BE", 50.6455, 5.5730, "shop"],
  ["dhl", "service_point", "TEST-BE-0602", "Librairie Guillemins", "Rue des Guillemins", "90", "4000", "Liège", "BE", 50.6260, 5.5690, "shop"],
  ["bpost", "service_point", "TEST-BE-0701", "Postpunt Grote Markt", "Grote Markt", "22", "3500", "Hasselt", "BE", 50.9300, 5.3380, "shop"],
  ["postnl", "service_point", "TEST-BE-0702", "Dagbladhandel Bruul", "Bruul", "40", "2800", "Mechelen", "BE", 51.0260, 4.4790, "shop"],
  ["bpost", "service_point", "TEST-BE-0703", "Point Poste Place d'Armes", "Place d'Armes", "3", "5000", "Namur", "BE", 50.4640, 4.8660, "shop"],
];

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

function openingHours(hours: Hours): ServicePoint["opening_hours"] {
  const week = (weekday: string[], saturday: string[], sunday: string[]) => [
    ...WEEKDAYS.map((day) => ({ day, hours: weekday })),
    { day: "saturday" as const, hours: saturday },
    { day: "sunday" as const, hours: sunday },
  ];
  switch (hours) {
    case "shop":
      return week(["09:00-18:00"], ["09:00-17:00"], []);
    case "supermarket":
      return week(["08:00-21:00"], ["08:00-20:00"], ["12:00-18:00"]);
    case "post_office":
      return week(["09:00-12:30", "13:30-17:00"], ["09:00-12:00"], []);
    case "locker":
      return week(["00:00-24:00"], ["00:00-24:00"], ["00:00-24:00"]);
  }
}

/** Every test point, without a distance. */
export const TEST_SERVICE_POINTS: readonly ServicePoint[] = ROWS.map(
  ([carrier, kind, code, name, street, houseNumber, postcode, city, country, lat, lng, hours]) => ({
    id: `${carrier}:${code}`,
    carrier,
    kind,
    name,
    address: { street, house_number: houseNumber, postcode, city, country },
    opening_hours: openingHours(hours),
    position: { lat, lng },
    distance_m: null,
  }),
);

/** Dutch postcode regions (first two digits) → the region's main place. */
// prettier-ignore
const NL_REGIONS: Record<string, [town: string, lat: number, lng: number]> = {
  10: ["Amsterdam", 52.3700, 4.8950], 11: ["Amstelveen", 52.3030, 4.8630], 12: ["Hilversum", 52.2230, 5.1760],
  13: ["Almere", 52.3700, 5.2150], 14: ["Purmerend", 52.5050, 4.9600], 15: ["Zaandam", 52.4390, 4.8270],
  16: ["Hoorn", 52.6420, 5.0600], 17: ["Heerhugowaard", 52.6700, 4.8300], 18: ["Alkmaar", 52.6320, 4.7480],
  19: ["Beverwijk", 52.4830, 4.6570], 20: ["Haarlem", 52.3810, 4.6370], 21: ["Hoofddorp", 52.3030, 4.6890],
  22: ["Katwijk", 52.2030, 4.4170], 23: ["Leiden", 52.1600, 4.4970], 24: ["Alphen aan den Rijn", 52.1290, 4.6570],
  25: ["Den Haag", 52.0760, 4.3110], 26: ["Delft", 52.0120, 4.3590], 27: ["Zoetermeer", 52.0600, 4.4940],
  28: ["Gouda", 52.0110, 4.7100], 29: ["Capelle aan den IJssel", 51.9290, 4.5780], 30: ["Rotterdam", 51.9220, 4.4790],
  31: ["Schiedam", 51.9190, 4.3990], 32: ["Spijkenisse", 51.8450, 4.3290], 33: ["Dordrecht", 51.8130, 4.6900],
  34: ["Nieuwegein", 52.0290, 5.0810], 35: ["Utrecht", 52.0910, 5.1220], 36: ["Maarssen", 52.1360, 5.0410],
  37: ["Zeist", 52.0890, 5.2330], 38: ["Amersfoort", 52.1560, 5.3880], 39: ["Veenendaal", 52.0270, 5.5580],
  40: ["Tiel", 51.8870, 5.4290], 41: ["Culemborg", 51.9550, 5.2270], 42: ["Gorinchem", 51.8300, 4.9740],
  43: ["Middelburg", 51.4990, 3.6110], 44: ["Goes", 51.5040, 3.8880], 45: ["Terneuzen", 51.3360, 3.8280],
  46: ["Bergen op Zoom", 51.4950, 4.2920], 47: ["Roosendaal", 51.5310, 4.4650], 48: ["Breda", 51.5890, 4.7760],
  49: ["Oosterhout", 51.6450, 4.8600], 50: ["Tilburg", 51.5600, 5.0910], 51: ["Waalwijk", 51.6880, 5.0700],
  52: ["'s-Hertogenbosch", 51.6900, 5.3040], 53: ["Oss", 51.7650, 5.5180], 54: ["Uden", 51.6600, 5.6190],
  55: ["Veldhoven", 51.4180, 5.4040], 56: ["Eindhoven", 51.4420, 5.4700], 57: ["Helmond", 51.4790, 5.6570],
  58: ["Venray", 51.5260, 5.9750], 59: ["Venlo", 51.3700, 6.1720], 60: ["Weert", 51.2520, 5.7060],
  61: ["Sittard", 51.0000, 5.8690], 62: ["Maastricht", 50.8510, 5.6910], 63: ["Valkenburg", 50.8650, 5.8320],
  64: ["Heerlen", 50.8880, 5.9790], 65: ["Nijmegen", 51.8430, 5.8580], 66: ["Wijchen", 51.8090, 5.7250],
  67: ["Ede", 52.0400, 5.6650], 68: ["Arnhem", 51.9850, 5.8990], 69: ["Zevenaar", 51.9300, 6.0710],
  70: ["Doetinchem", 51.9650, 6.2890], 71: ["Winterswijk", 51.9720, 6.7200], 72: ["Zutphen", 52.1380, 6.2010],
  73: ["Apeldoorn", 52.2110, 5.9700], 74: ["Deventer", 52.2550, 6.1630], 75: ["Enschede", 52.2210, 6.8940],
  76: ["Almelo", 52.3570, 6.6620], 77: ["Hardenberg", 52.5760, 6.6190], 78: ["Emmen", 52.7790, 6.9060],
  79: ["Hoogeveen", 52.7230, 6.4760], 80: ["Zwolle", 52.5120, 6.0940], 81: ["Raalte", 52.3860, 6.2750],
  82: ["Lelystad", 52.5180, 5.4710], 83: ["Emmeloord", 52.7110, 5.7480], 84: ["Heerenveen", 52.9590, 5.9190],
  85: ["Joure", 52.9670, 5.7940], 86: ["Sneek", 53.0330, 5.6590], 87: ["Bolsward", 53.0650, 5.5310],
  88: ["Harlingen", 53.1750, 5.4220], 89: ["Leeuwarden", 53.2010, 5.7990], 90: ["Grou", 53.0940, 5.8380],
  91: ["Dokkum", 53.3260, 5.9990], 92: ["Drachten", 53.1070, 6.0990], 93: ["Roden", 53.1380, 6.4310],
  94: ["Assen", 52.9930, 6.5620], 95: ["Stadskanaal", 52.9890, 6.9500], 96: ["Hoogezand", 53.1610, 6.7610],
  97: ["Groningen", 53.2190, 6.5670], 98: ["Groningen", 53.2500, 6.5500], 99: ["Appingedam", 53.3210, 6.8580],
};

/** Belgian postal ranges → the main place of the range. */
// prettier-ignore
const BE_RANGES: [from: number, to: number, town: string, lat: number, lng: number][] = [
  [1000, 1299, "Brussel", 50.8467, 4.3525], [1300, 1499, "Waver", 50.7170, 4.6110],
  [1500, 1999, "Vilvoorde", 50.9280, 4.4290], [2000, 2799, "Antwerpen", 51.2190, 4.4030],
  [2800, 2999, "Mechelen", 51.0280, 4.4800], [3000, 3499, "Leuven", 50.8790, 4.7010],
  [3500, 3999, "Hasselt", 50.9310, 5.3380], [4000, 4999, "Liège", 50.6330, 5.5670],
  [5000, 5999, "Namur", 50.4670, 4.8720], [6000, 6599, "Charleroi", 50.4110, 4.4440],
  [6600, 6999, "Arlon", 49.6830, 5.8170], [7000, 7999, "Mons", 50.4540, 3.9520],
  [8000, 8999, "Brugge", 51.2090, 3.2250], [9000, 9999, "Gent", 51.0540, 3.7170],
];

/** The position of a postcode's area, or null for a postcode of no known area. */
export function postcodeArea(postcode: string, country: Country): { town: string; lat: number; lng: number } | null {
  const digits = /^\s*(\d{4})/.exec(postcode)?.[1];
  if (!digits) return null;
  if (country === "NL") {
    const region = NL_REGIONS[digits.slice(0, 2)];
    return region ? { town: region[0], lat: region[1], lng: region[2] } : null;
  }
  const number = Number(digits);
  const range = BE_RANGES.find(([from, to]) => number >= from && number <= to);
  return range ? { town: range[2], lat: range[3], lng: range[4] } : null;
}
