/**
 * The demo content seeded into an empty database (docs/operations.md): Dutch
 * categories, pickup locations, an admin, eight sellers and about forty products.
 * Pure data; prisma/seed.ts turns it into rows and prisma/seed-images.ts into pictures.
 */
import type { ProductCondition } from "@/lib/platform/db/generated/client";

/** The one password of every demo account. Demo data only: never seeded in production. */
export const DEMO_PASSWORD = "Kringwaar2026!";

/** `name` (Dutch) is the API identifier (/browse?category={name}). */
export const CATEGORIES = [
  { slug: "elektronica", name: "Elektronica", nameEn: "Electronics" },
  { slug: "meubels", name: "Meubels", nameEn: "Furniture" },
  { slug: "kleding", name: "Kleding", nameEn: "Clothing" },
  { slug: "fietsen", name: "Fietsen", nameEn: "Bicycles" },
  { slug: "boeken", name: "Boeken", nameEn: "Books" },
  { slug: "huis-tuin", name: "Huis & Tuin", nameEn: "Home & Garden" },
  { slug: "sport-vrije-tijd", name: "Sport & Vrije tijd", nameEn: "Sports & Leisure" },
  { slug: "speelgoed", name: "Speelgoed", nameEn: "Toys" },
  { slug: "muziek", name: "Muziek", nameEn: "Music" },
  { slug: "kinderen-baby", name: "Kinderen & Baby", nameEn: "Kids & Baby" },
  { slug: "verzamelen", name: "Verzamelen", nameEn: "Collectibles" },
  { slug: "keuken", name: "Keuken", nameEn: "Kitchen" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

export type SeedUser = {
  key: string;
  name: string;
  email: string;
  /** E.164. */
  phone: string | null;
  isVerified: boolean;
  /** Spreads "member since" over the past two years; older than every product. */
  memberForDays: number;
  business?: { name: string; vatNumber: string; kvkNumber: string; address: string };
};

export const ADMIN = {
  key: "admin",
  name: "Kringwaar Beheer",
  email: "admin@kringwaar.nl",
  phone: null,
  isVerified: true,
  memberForDays: 730,
} as const satisfies SeedUser;

export const SELLERS = [
  {
    key: "sanne",
    name: "Sanne de Vries",
    email: "sanne.devries@example.nl",
    phone: "+31612345671",
    isVerified: true,
    memberForDays: 690,
  },
  {
    key: "daan",
    name: "Daan Jansen",
    email: "daan.jansen@example.nl",
    phone: "+31623456782",
    isVerified: true,
    memberForDays: 540,
  },
  {
    key: "tijs",
    name: "Tijs van den Berg",
    email: "tijs.vandenberg@example.nl",
    phone: "+31634567893",
    isVerified: true,
    memberForDays: 610,
    business: { name: "Tweedehands Tijs B.V.", vatNumber: "NL859234561B01", kvkNumber: "12345678", address: "Oudegracht 12, 3511 AB Utrecht" },
  },
  {
    key: "fleur",
    name: "Fleur Bakker",
    email: "fleur.bakker@example.nl",
    phone: "+31645678904",
    isVerified: false,
    memberForDays: 420,
  },
  {
    key: "lars",
    name: "Lars Visser",
    email: "lars.visser@example.nl",
    phone: "+31656789015",
    isVerified: false,
    memberForDays: 300,
  },
  {
    key: "noor",
    name: "Noor Smit",
    email: "noor.smit@example.nl",
    phone: "+31667890126",
    isVerified: true,
    memberForDays: 245,
  },
  {
    key: "bram",
    name: "Bram de Boer",
    email: "bram.deboer@example.nl",
    phone: null,
    isVerified: false,
    memberForDays: 150,
  },
  {
    key: "emma",
    name: "Emma Meijer",
    email: "emma.meijer@example.nl",
    phone: "+31689012348",
    isVerified: false,
    memberForDays: 75,
  },
] as const satisfies readonly SeedUser[];

export type SellerKey = (typeof SELLERS)[number]["key"];

/** The accounts printed at start-up, so a demo can log in straight away. */
export const DEMO_LOGIN_ROLES: readonly { role: string; userKey: SellerKey | typeof ADMIN.key }[] = [
  { role: "admin", userKey: ADMIN.key },
  { role: "business seller", userKey: "tijs" },
  { role: "seller", userKey: "sanne" },
  { role: "seller", userKey: "daan" },
];

export type SeedLocation = {
  key: string;
  seller: SellerKey;
  street: string;
  postcode: string;
  city: string;
  lat: number;
  lng: number;
};

/**
 * Public places (libraries, town halls, stations, markets) rather than homes: the
 * addresses are real, and demo data must not point at somebody's front door. All fall
 * inside the CHECK locations_in_netherlands box.
 */
export const LOCATIONS = [
  { key: "amsterdam-oba", seller: "sanne", street: "Oosterdokskade 143", postcode: "1011 DL", city: "Amsterdam", lat: 52.3757, lng: 4.9081 },
  { key: "amsterdam-noordermarkt", seller: "sanne", street: "Noordermarkt 48", postcode: "1015 NA", city: "Amsterdam", lat: 52.3792, lng: 4.8862 },
  { key: "rotterdam-markthal", seller: "daan", street: "Dominee Jan Scharpstraat 298", postcode: "3011 GZ", city: "Rotterdam", lat: 51.92, lng: 4.4866 },
  { key: "rotterdam-centraal", seller: "daan", street: "Stationsplein 1", postcode: "3013 AJ", city: "Rotterdam", lat: 51.9249, lng: 4.469 },
  { key: "utrecht-neude", seller: "tijs", street: "Neude 11", postcode: "3512 AE", city: "Utrecht", lat: 52.0931, lng: 5.1187 },
  { key: "den-haag-spui", seller: "fleur", street: "Spui 68", postcode: "2511 BT", city: "Den Haag", lat: 52.0775, lng: 4.3172 },
  { key: "delft-markt", seller: "fleur", street: "Markt 87", postcode: "2611 GW", city: "Delft", lat: 52.0116, lng: 4.358 },
  { key: "eindhoven-emmasingel", seller: "lars", street: "Emmasingel 22", postcode: "5611 AZ", city: "Eindhoven", lat: 51.4397, lng: 5.4735 },
  { key: "groningen-nieuwe-markt", seller: "noor", street: "Nieuwe Markt 1", postcode: "9712 KN", city: "Groningen", lat: 53.2192, lng: 6.5686 },
  { key: "zwolle-grote-kerkplein", seller: "noor", street: "Grote Kerkplein 15", postcode: "8011 PK", city: "Zwolle", lat: 52.5126, lng: 6.0929 },
  { key: "haarlem-grote-markt", seller: "bram", street: "Grote Markt 2", postcode: "2011 RD", city: "Haarlem", lat: 52.3812, lng: 4.6365 },
  { key: "leiden-stadhuisplein", seller: "bram", street: "Stadhuisplein 1", postcode: "2311 EJ", city: "Leiden", lat: 52.1585, lng: 4.492 },
  { key: "nijmegen-korte-nieuwstraat", seller: "emma", street: "Korte Nieuwstraat 6", postcode: "6511 PP", city: "Nijmegen", lat: 51.8466, lng: 5.8637 },
  { key: "maastricht-markt", seller: "emma", street: "Markt 78", postcode: "6211 CR", city: "Maastricht", lat: 50.8513, lng: 5.691 },
] as const satisfies readonly SeedLocation[];

export type LocationKey = (typeof LOCATIONS)[number]["key"];

export type SeedProduct = {
  /** At most 100 characters (CHECK products_text_lengths). */
  title: string;
  /** At most 1000 characters. */
  description: string;
  priceCents: number;
  category: CategorySlug;
  condition: ProductCondition;
  seller: SellerKey;
  /** One of the seller's own locations. */
  location: LocationKey;
  imageCount: 1 | 2 | 3;
  isFeatured?: boolean;
  isSold?: boolean;
  /** Also shipped, in this parcel size (docs/shipping.md); otherwise pickup only. */
  ships?: "mailbox" | "parcel" | "large";
};

export const PRODUCTS: readonly SeedProduct[] = [
  // Elektronica
  {
    title: "MacBook Pro 14 inch M1 Pro, 16 GB / 512 GB",
    description:
      "Zakelijk gebruikte MacBook Pro (2021) in nette staat. Batterijconditie 91%, 112 laadcycli. Geen krassen of deuken. Opnieuw geïnstalleerd met de nieuwste macOS en losgekoppeld van iCloud. Inclusief originele 96W-lader. Factuur met btw mogelijk; drie maanden garantie via onze winkel.",
    priceCents: 85000,
    category: "elektronica",
    condition: "like_new",
    seller: "tijs",
    location: "utrecht-neude",
    imageCount: 3,
    isFeatured: true,
  },
  {
    title: "iPhone 12 128 GB zwart",
    description:
      "Goed werkende iPhone 12 met 128 GB opslag, batterijconditie 85%. Het scherm zat altijd achter een screenprotector; op de rand zitten wat gebruikssporen. Simlockvrij. Originele doos en kabel erbij, lader niet.",
    priceCents: 32500,
    category: "elektronica",
    condition: "good",
    seller: "sanne",
    location: "amsterdam-oba",
    imageCount: 2,
    ships: "parcel",
  },
  {
    title: "Sony WH-1000XM4 noise cancelling koptelefoon",
    description:
      "Nauwelijks gebruikt, ik ben overgestapt op oordopjes. Noise cancelling werkt perfect en de accu gaat nog ruim 25 uur mee. Compleet met harde hoes, oplaadkabel en vliegtuigadapter.",
    priceCents: 15900,
    category: "elektronica",
    condition: "like_new",
    seller: "lars",
    location: "eindhoven-emmasingel",
    imageCount: 2,
    ships: "parcel",
  },
  {
    title: "Nintendo Switch met 2 controllers en Mario Kart",
    description:
      "Switch (model 2019, langere accuduur) met dock, twee setjes Joy-Cons en Mario Kart 8 Deluxe. Alles werkt, geen last van drift. Lichte krasjes op het scherm, niet zichtbaar tijdens het spelen.",
    priceCents: 19500,
    category: "elektronica",
    condition: "good",
    seller: "daan",
    location: "rotterdam-markthal",
    imageCount: 2,
    isSold: true,
  },
  {
    title: "Samsung 43 inch 4K smart-tv",
    description:
      "Smart-tv met Netflix, YouTube en Disney+ ingebouwd. Het beeld is goed, maar linksonder zit een klein lichtvlekje dat je alleen bij donkere scènes ziet. Afstandsbediening en voet zitten erbij.",
    priceCents: 17500,
    category: "elektronica",
    condition: "fair",
    seller: "emma",
    location: "nijmegen-korte-nieuwstraat",
    imageCount: 2,
  },

  // Meubels
  {
    title: "Eikenhouten eettafel 180 x 90 cm",
    description:
      "Massief eiken tafel met een geoliede bovenkant; zes personen zitten er ruim aan. Wat gebruikssporen die bij massief hout horen, kan eventueel opnieuw geolied worden. De poten zijn los te schroeven, dus hij past in een stationwagen.",
    priceCents: 32500,
    category: "meubels",
    condition: "good",
    seller: "fleur",
    location: "den-haag-spui",
    imageCount: 3,
    isFeatured: true,
  },
  {
    title: "Vintage fauteuil groen velours",
    description:
      "Fauteuil uit de jaren 70 met diepgroene veloursbekleding. Zit nog heerlijk, de vering is stevig. De stof is op de armleuningen wat kaal geworden, zie de foto's. Mooi om zo te gebruiken of om opnieuw te laten bekleden.",
    priceCents: 12500,
    category: "meubels",
    condition: "fair",
    seller: "sanne",
    location: "amsterdam-noordermarkt",
    imageCount: 2,
  },
  {
    title: "IKEA Kallax kast 4 x 4 wit",
    description:
      "Kallax met zestien vakken, 147 x 147 cm. Staat nog in elkaar; ik help graag met demonteren zodat hij in een bus past. Kleine beschadiging aan één hoek aan de achterkant.",
    priceCents: 4500,
    category: "meubels",
    condition: "good",
    seller: "bram",
    location: "haarlem-grote-markt",
    imageCount: 1,
  },
  {
    title: "Ergonomische bureaustoel met hoofdsteun",
    description:
      "Uit een kantoorontruiming: bureaustoel met verstelbare lendensteun, armleuningen en hoofdsteun. Mesh rugleuning en synchroonmechaniek. Gecontroleerd en schoongemaakt. We hebben er meerdere; vraag gerust naar aantallen.",
    priceCents: 8900,
    category: "meubels",
    condition: "like_new",
    seller: "tijs",
    location: "utrecht-neude",
    imageCount: 2,
  },

  // Kleding
  {
    title: "Wollen winterjas dames maat M",
    description:
      "Camelkleurige jas van 70% wol, maar één winter gedragen. Geen pluisjes of vlekken. Lange pasvorm, valt net over de knie. Bon van de stomerij erbij.",
    priceCents: 3500,
    category: "kleding",
    condition: "like_new",
    seller: "noor",
    location: "groningen-nieuwe-markt",
    imageCount: 2,
  },
  {
    title: "Nike Air Max 90 maat 43",
    description:
      "Wit met grijs, een halfjaar gedragen. De zolen zijn nog prima, wat lichte kreukels op de neus. Schoongemaakt en met originele doos.",
    priceCents: 5500,
    category: "kleding",
    condition: "good",
    seller: "lars",
    location: "eindhoven-emmasingel",
    imageCount: 2,
    ships: "parcel",
  },
  {
    title: "Vintage Levi's spijkerjack maat L",
    description:
      "Klassiek blauw truckerjack uit de jaren 90, mooi verwassen. Alle knopen aanwezig, geen scheuren. Valt als een ruime M of een normale L.",
    priceCents: 4000,
    category: "kleding",
    condition: "good",
    seller: "bram",
    location: "leiden-stadhuisplein",
    imageCount: 2,
    ships: "parcel",
  },

  // Fietsen
  {
    title: "Gazelle Orange C7 damesfiets 53 cm",
    description:
      "Comfortabele damesfiets met 7 versnellingen in de naaf, rollerbrakes en naafdynamo. Vorig jaar nieuwe banden en ketting. Twee sleutels, frameslot en achterdrager. Ideaal voor woon-werkverkeer.",
    priceCents: 42500,
    category: "fietsen",
    condition: "good",
    seller: "daan",
    location: "rotterdam-centraal",
    imageCount: 3,
    isFeatured: true,
  },
  {
    title: "Cortina transportfiets met voordrager",
    description:
      "Stoere zwarte transportfiets met 3 versnellingen en een grote voordrager. Rijdt goed, maar de lak heeft roestplekjes en het zadel is versleten. Ringslot met insteekketting erbij.",
    priceCents: 27500,
    category: "fietsen",
    condition: "fair",
    seller: "sanne",
    location: "amsterdam-oba",
    imageCount: 2,
  },
  {
    title: "Racefiets aluminium met Shimano 105, maat 56",
    description:
      "Afgelopen zomer gekocht, ongeveer 1.500 km gereden. Shimano 105 groep (2 x 11), carbon voorvork en tubeless-ready wielen. Altijd binnen gestald. Pedalen zijn niet inbegrepen.",
    priceCents: 55000,
    category: "fietsen",
    condition: "like_new",
    seller: "lars",
    location: "eindhoven-emmasingel",
    imageCount: 2,
  },
  {
    title: "Oude opoefiets, opknapper",
    description:
      "Zwarte opoefiets met terugtraprem. Rijdt nog, maar de achterband is lek, de ketting is roestig en de verlichting doet het niet. Leuk project voor een handige klusser.",
    priceCents: 3500,
    category: "fietsen",
    condition: "poor",
    seller: "noor",
    location: "zwolle-grote-kerkplein",
    imageCount: 1,
  },

  // Boeken
  {
    title: "Harry Potter boxset, alle 7 delen (Nederlands)",
    description:
      "De complete reeks in paperback, in de originele cassette. Gelezen maar goed verzorgd: geen ezelsoren of aantekeningen. De cassette heeft een deukje in één hoek.",
    priceCents: 4500,
    category: "boeken",
    condition: "good",
    seller: "noor",
    location: "groningen-nieuwe-markt",
    imageCount: 2,
    ships: "parcel",
    isSold: true,
  },
  {
    title: "Kookboek Simpel van Yotam Ottolenghi",
    description:
      "Nederlandse editie, gebonden. Nieuw en nog in de folie: ik kreeg hem twee keer voor mijn verjaardag.",
    priceCents: 1500,
    category: "boeken",
    condition: "new",
    seller: "fleur",
    location: "delft-markt",
    imageCount: 1,
    ships: "mailbox",
  },
  {
    title: "Suske en Wiske stripboeken, 25 stuks",
    description:
      "Een stapel uit de rode reeks, nummers tussen 180 en 260. Gelezen en herlezen: sommige ruggen zijn gekreukt en een paar omslagen hebben vlekjes. Alleen als set.",
    priceCents: 2000,
    category: "boeken",
    condition: "fair",
    seller: "bram",
    location: "haarlem-grote-markt",
    imageCount: 2,
    ships: "parcel",
  },

  // Huis & Tuin
  {
    title: "Weber Original Kettle barbecue 57 cm",
    description:
      "Houtskoolbarbecue met deksel, aslade en thermometer. Het rooster is schoongemaakt. Wat verkleuring aan de binnenkant van de ketel, zoals hoort. Hoes erbij.",
    priceCents: 8500,
    category: "huis-tuin",
    condition: "good",
    seller: "emma",
    location: "maastricht-markt",
    imageCount: 2,
  },
  {
    title: "Kärcher K4 hogedrukreiniger, nieuw in doos",
    description:
      "Nieuw en ongeopend, uit een overcomplete bestelling. Met terrasreiniger T 350 en 8 meter slang. Volledige fabrieksgarantie; factuur met btw mogelijk.",
    priceCents: 16500,
    category: "huis-tuin",
    condition: "new",
    seller: "tijs",
    location: "utrecht-neude",
    imageCount: 2,
  },
  {
    title: "Monstera deliciosa, ongeveer 1 meter hoog",
    description:
      "Gezonde plant met grote gespleten bladeren, inclusief grijze sierpot van 30 cm. Te groot geworden voor mijn woonkamer. Graag zelf ophalen met een auto.",
    priceCents: 2500,
    category: "huis-tuin",
    condition: "good",
    seller: "sanne",
    location: "amsterdam-noordermarkt",
    imageCount: 1,
  },

  // Sport & Vrije tijd
  {
    title: "Koepeltent voor 4 personen met voortent",
    description:
      "Twee keer mee geweest op vakantie. Waterdicht, alle haringen en stokken compleet en altijd droog opgeborgen. Er zit een klein geplakt plekje in het grondzeil.",
    priceCents: 6000,
    category: "sport-vrije-tijd",
    condition: "good",
    seller: "noor",
    location: "groningen-nieuwe-markt",
    imageCount: 2,
  },
  {
    title: "Dumbbellset 2 x 10 kg met schijven",
    description:
      "Twee halterstangen met gietijzeren schijven, samen 20 kg. Sluitingen zitten erbij. Wat roest op de schijven, werkt prima.",
    priceCents: 4000,
    category: "sport-vrije-tijd",
    condition: "good",
    seller: "daan",
    location: "rotterdam-centraal",
    imageCount: 1,
  },
  {
    title: "Noren schaatsen maat 42",
    description:
      "Klassieke noren met zwarte schoen. De ijzers moeten geslepen worden en de veters zijn aan vervanging toe. Verder nog goed voor een seizoen op natuurijs.",
    priceCents: 2000,
    category: "sport-vrije-tijd",
    condition: "fair",
    seller: "fleur",
    location: "den-haag-spui",
    imageCount: 1,
  },

  // Speelgoed
  {
    title: "LEGO Technic 42115 Lamborghini Sián, compleet",
    description:
      "Eén keer gebouwd en als pronkstuk op de kast gezet, stofvrij bewaard. Alle onderdelen gecontroleerd en compleet, met originele doos en instructieboeken. Rookvrij huis.",
    priceCents: 27500,
    category: "speelgoed",
    condition: "like_new",
    seller: "daan",
    location: "rotterdam-markthal",
    imageCount: 3,
    ships: "parcel",
    isFeatured: true,
  },
  {
    title: "Houten speelkeukentje met pannetjes",
    description:
      "Stevig houten keukentje met kookplaat, oven en gootsteen. Inclusief pannetjes, bestek en houten groente. Wat krasjes van het spelen.",
    priceCents: 3500,
    category: "speelgoed",
    condition: "good",
    seller: "emma",
    location: "nijmegen-korte-nieuwstraat",
    imageCount: 2,
  },
  {
    title: "Playmobil ridderkasteel met poppetjes",
    description:
      "Groot kasteel met ophaalbrug en ongeveer twintig ridders en paarden. Niet helemaal compleet: een paar wapens en een vlaggetje ontbreken.",
    priceCents: 3000,
    category: "speelgoed",
    condition: "fair",
    seller: "lars",
    location: "eindhoven-emmasingel",
    imageCount: 1,
  },

  // Muziek
  {
    title: "Yamaha P-45 digitale piano met standaard",
    description:
      "88 gewogen toetsen, speelt als een echte piano. Inclusief houten standaard, sustainpedaal en adapter. Alle toetsen werken. Met twee personen goed te tillen.",
    priceCents: 29500,
    category: "muziek",
    condition: "good",
    seller: "sanne",
    location: "amsterdam-oba",
    imageCount: 2,
    isFeatured: true,
  },
  {
    title: "Akoestische gitaar met gigbag",
    description:
      "Westerngitaar met een warme klank, er zitten nieuwe snaren op. Kleine deukjes in de lak naast het klankgat. Gigbag en capo erbij.",
    priceCents: 9000,
    category: "muziek",
    condition: "good",
    seller: "bram",
    location: "leiden-stadhuisplein",
    imageCount: 2,
    ships: "large",
  },
  {
    title: "Audio-Technica AT-LP60X platenspeler",
    description:
      "Volautomatische platenspeler, drie maanden oud. Met ingebouwde voorversterker, dus direct aan te sluiten op actieve speakers. In de originele doos.",
    priceCents: 7500,
    category: "muziek",
    condition: "like_new",
    seller: "noor",
    location: "zwolle-grote-kerkplein",
    imageCount: 2,
  },

  // Kinderen & Baby
  {
    title: "Joolz Day+ kinderwagen compleet",
    description:
      "Met wieg, zitdeel, regenhoes en voetenzak. Gebruikt voor één kind. De stof is gewassen en het frame is in goede staat; de handgreep vertoont wat slijtage.",
    priceCents: 38500,
    category: "kinderen-baby",
    condition: "good",
    seller: "fleur",
    location: "den-haag-spui",
    imageCount: 3,
  },
  {
    title: "Stokke Tripp Trapp kinderstoel naturel",
    description:
      "De bekende meegroeistoel met babyset en kussen. Een paar krasjes op de zitting, verder in prima staat.",
    priceCents: 12000,
    category: "kinderen-baby",
    condition: "good",
    seller: "noor",
    location: "groningen-nieuwe-markt",
    imageCount: 2,
  },
  {
    title: "Tas vol babykleding maat 56 tot 68",
    description:
      "Ruim veertig stuks: rompers, broekjes en truitjes, voor jongens en meisjes. Gewassen, uit een rookvrij huis. Alleen in één keer op te halen.",
    priceCents: 1500,
    category: "kinderen-baby",
    condition: "good",
    seller: "emma",
    location: "maastricht-markt",
    imageCount: 1,
  },

  // Verzamelen
  {
    title: "Lp-collectie jaren 70, 30 platen",
    description:
      "Rock en pop uit de jaren 70, onder andere Golden Earring, Fleetwood Mac en Supertramp. De hoezen hebben gebruikssporen, de platen spelen zonder overslaan. Lijst op aanvraag.",
    priceCents: 12000,
    category: "verzamelen",
    condition: "good",
    seller: "daan",
    location: "rotterdam-markthal",
    imageCount: 2,
  },
  {
    title: "Delfts blauw bord, 19e eeuw",
    description:
      "Handbeschilderd bord met een molenlandschap, doorsnede 23 cm, gemerkt op de achterkant. Een haarscheurtje aan de rand, aan de voorkant niet te zien.",
    priceCents: 8500,
    category: "verzamelen",
    condition: "fair",
    seller: "fleur",
    location: "delft-markt",
    imageCount: 2,
  },
  {
    title: "Oude guldens en kwartjes in verzamelalbum",
    description:
      "Album met ongeveer 120 munten uit de periode 1948 tot 2001: centen, stuivers, dubbeltjes, kwartjes en guldens. Niet gesorteerd op kwaliteit.",
    priceCents: 2500,
    category: "verzamelen",
    condition: "fair",
    seller: "bram",
    location: "haarlem-grote-markt",
    imageCount: 1,
    ships: "mailbox",
  },

  // Keuken
  {
    title: "KitchenAid Artisan keukenmixer rood",
    description:
      "Artisan 4,8 liter in empire red, met garde, deeghaak en platte klopper. Getest en gereinigd. Drie maanden garantie; factuur met btw mogelijk.",
    priceCents: 27500,
    category: "keuken",
    condition: "like_new",
    seller: "tijs",
    location: "utrecht-neude",
    imageCount: 2,
    isFeatured: true,
  },
  {
    title: "Le Creuset braadpan 24 cm oranje",
    description:
      "Gietijzeren braadpan van 4,2 liter. Het emaille binnenin is licht verkleurd door gebruik, maar niet beschadigd. Gaat generaties mee.",
    priceCents: 9500,
    category: "keuken",
    condition: "good",
    seller: "sanne",
    location: "amsterdam-noordermarkt",
    imageCount: 2,
  },
  {
    title: "Emaille vergiet met deukje",
    description:
      "Oud wit emaille vergiet met blauwe rand. Er zit een deuk in en op een paar plekjes is het emaille eraf. Leuk als plantenbak of decoratie.",
    priceCents: 250,
    category: "keuken",
    condition: "poor",
    seller: "lars",
    location: "eindhoven-emmasingel",
    imageCount: 1,
  },
];
