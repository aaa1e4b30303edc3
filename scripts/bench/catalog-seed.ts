/**
 * Seeds a benchmark database with a realistic catalogue in a few set-based statements
 * (INSERT ... SELECT generate_series): Dutch titles and descriptions built from word
 * lists, 40 categories, pickup locations spread around 40 Dutch places, sellers with
 * reviews, one to three images per product. random() is seeded, so every run builds
 * the same catalogue.
 */
import type pg from "pg";

export type SeedSize = { products: number; sellers: number; locations: number };

export const PLACES: readonly { city: string; postcode: string; lat: number; lng: number }[] = [
  { city: "Amsterdam", postcode: "1011", lat: 52.3728, lng: 4.8936 },
  { city: "Rotterdam", postcode: "3011", lat: 51.9225, lng: 4.4792 },
  { city: "Den Haag", postcode: "2511", lat: 52.0705, lng: 4.3007 },
  { city: "Utrecht", postcode: "3511", lat: 52.0907, lng: 5.1214 },
  { city: "Eindhoven", postcode: "5611", lat: 51.4416, lng: 5.4697 },
  { city: "Groningen", postcode: "9711", lat: 53.2194, lng: 6.5665 },
  { city: "Tilburg", postcode: "5038", lat: 51.5555, lng: 5.0913 },
  { city: "Almere", postcode: "1315", lat: 52.3508, lng: 5.2647 },
  { city: "Breda", postcode: "4811", lat: 51.5719, lng: 4.7683 },
  { city: "Nijmegen", postcode: "6511", lat: 51.8426, lng: 5.8546 },
  { city: "Apeldoorn", postcode: "7311", lat: 52.2112, lng: 5.9699 },
  { city: "Haarlem", postcode: "2011", lat: 52.3874, lng: 4.6462 },
  { city: "Arnhem", postcode: "6811", lat: 51.9851, lng: 5.8987 },
  { city: "Enschede", postcode: "7511", lat: 52.2215, lng: 6.8937 },
  { city: "Amersfoort", postcode: "3811", lat: 52.1561, lng: 5.3878 },
  { city: "Zaandam", postcode: "1501", lat: 52.4389, lng: 4.8258 },
  { city: "'s-Hertogenbosch", postcode: "5211", lat: 51.6978, lng: 5.3037 },
  { city: "Zwolle", postcode: "8011", lat: 52.5168, lng: 6.083 },
  { city: "Leiden", postcode: "2311", lat: 52.1601, lng: 4.497 },
  { city: "Maastricht", postcode: "6211", lat: 50.8514, lng: 5.691 },
  { city: "Dordrecht", postcode: "3311", lat: 51.8133, lng: 4.6901 },
  { city: "Zoetermeer", postcode: "2711", lat: 52.0575, lng: 4.4931 },
  { city: "Leeuwarden", postcode: "8911", lat: 53.2012, lng: 5.7999 },
  { city: "Delft", postcode: "2611", lat: 52.0116, lng: 4.3571 },
  { city: "Alkmaar", postcode: "1811", lat: 52.6324, lng: 4.7534 },
  { city: "Venlo", postcode: "5911", lat: 51.3704, lng: 6.1724 },
  { city: "Deventer", postcode: "7411", lat: 52.2661, lng: 6.1552 },
  { city: "Hilversum", postcode: "1211", lat: 52.2292, lng: 5.1669 },
  { city: "Heerlen", postcode: "6411", lat: 50.8882, lng: 5.9795 },
  { city: "Assen", postcode: "9401", lat: 52.9925, lng: 6.5649 },
  { city: "Gouda", postcode: "2801", lat: 52.0115, lng: 4.7105 },
  { city: "Middelburg", postcode: "4331", lat: 51.4988, lng: 3.6136 },
  { city: "Lelystad", postcode: "8211", lat: 52.5185, lng: 5.4714 },
  { city: "Ede", postcode: "6711", lat: 52.0402, lng: 5.6649 },
  { city: "Emmen", postcode: "7811", lat: 52.7858, lng: 6.8976 },
  { city: "Helmond", postcode: "5701", lat: 51.4793, lng: 5.657 },
  { city: "Roosendaal", postcode: "4701", lat: 51.5308, lng: 4.4653 },
  { city: "Hoorn", postcode: "1621", lat: 52.6424, lng: 5.0597 },
  { city: "Sittard", postcode: "6131", lat: 50.9983, lng: 5.8692 },
  { city: "Vlissingen", postcode: "4381", lat: 51.4425, lng: 3.5734 },
];

/** 40 categories, each with the nouns its titles use (compounds included, as in Dutch). */
export const CATEGORIES: readonly { name: string; nameEn: string; nouns: string[] }[] = [
  { name: "Fietsen", nameEn: "Bicycles", nouns: ["fiets", "kinderfiets", "damesfiets", "herenfiets", "racefiets", "bakfiets", "mountainbike", "e-bike"] },
  { name: "Fietsonderdelen", nameEn: "Bike parts", nouns: ["fietsbel", "fietsslot", "fietstas", "fietsstoeltje", "zadel", "velg"] },
  { name: "Elektronica", nameEn: "Electronics", nouns: ["koptelefoon", "speaker", "radio", "versterker", "platenspeler"] },
  { name: "Computers", nameEn: "Computers", nouns: ["laptop", "monitor", "toetsenbord", "muis", "computer"] },
  { name: "Telefoons", nameEn: "Phones", nouns: ["telefoon", "smartphone", "iphone", "oplader", "telefoonhoesje"] },
  { name: "Fotografie", nameEn: "Photography", nouns: ["camera", "lens", "statief", "fototoestel", "flitser"] },
  { name: "Spelcomputers", nameEn: "Game consoles", nouns: ["spelcomputer", "controller", "playstation", "game", "spelletje"] },
  { name: "Meubels", nameEn: "Furniture", nouns: ["bank", "stoel", "eettafel", "salontafel", "kast", "bureaustoel"] },
  { name: "Tuinmeubels", nameEn: "Garden furniture", nouns: ["tuinstoel", "tuintafel", "parasol", "ligbed", "loungeset"] },
  { name: "Verlichting", nameEn: "Lighting", nouns: ["lamp", "hanglamp", "vloerlamp", "bureaulamp", "kroonluchter"] },
  { name: "Keuken", nameEn: "Kitchen", nouns: ["pan", "koekenpan", "servies", "waterkoker", "koffiezetapparaat"] },
  { name: "Witgoed", nameEn: "Appliances", nouns: ["wasmachine", "droger", "koelkast", "vriezer", "vaatwasser"] },
  { name: "Kleding dames", nameEn: "Women's clothing", nouns: ["jurk", "jas", "rok", "blouse", "winterjas"] },
  { name: "Kleding heren", nameEn: "Men's clothing", nouns: ["overhemd", "colbert", "spijkerbroek", "trui", "regenjas"] },
  { name: "Schoenen", nameEn: "Shoes", nouns: ["schoenen", "sneakers", "laarzen", "sandalen", "wandelschoenen"] },
  { name: "Tassen", nameEn: "Bags", nouns: ["tas", "rugzak", "handtas", "koffer", "schoudertas"] },
  { name: "Sieraden", nameEn: "Jewellery", nouns: ["ketting", "armband", "ring", "oorbellen", "horloge"] },
  { name: "Boeken", nameEn: "Books", nouns: ["boek", "roman", "kookboek", "stripboek", "kinderboek"] },
  { name: "Muziek", nameEn: "Music", nouns: ["gitaar", "piano", "keyboard", "viool", "drumstel"] },
  { name: "Platen en cd's", nameEn: "Records and CDs", nouns: ["lp", "elpee", "cd", "singletje", "platencollectie"] },
  { name: "Films", nameEn: "Films", nouns: ["dvd", "blu-ray", "filmcollectie", "box", "serie"] },
  { name: "Speelgoed", nameEn: "Toys", nouns: ["lego", "pop", "knuffel", "puzzel", "speelgoedauto"] },
  { name: "Baby", nameEn: "Baby", nouns: ["kinderwagen", "buggy", "box", "autostoeltje", "kinderstoel"] },
  { name: "Kinderkleding", nameEn: "Children's clothing", nouns: ["kinderjas", "rompertje", "kinderschoenen", "pyjama", "regenpak"] },
  { name: "Sport", nameEn: "Sports", nouns: ["voetbal", "tennisracket", "hockeystick", "skeelers", "hometrainer"] },
  { name: "Fitness", nameEn: "Fitness", nouns: ["dumbbells", "loopband", "roeitrainer", "yogamat", "halterbank"] },
  { name: "Kamperen", nameEn: "Camping", nouns: ["tent", "slaapzak", "luchtbed", "kampeerstoel", "brander"] },
  { name: "Watersport", nameEn: "Water sports", nouns: ["kano", "supboard", "wetsuit", "zwemvest", "surfplank"] },
  { name: "Wintersport", nameEn: "Winter sports", nouns: ["ski's", "snowboard", "skischoenen", "skihelm", "skijas"] },
  { name: "Tuin", nameEn: "Garden", nouns: ["grasmaaier", "heggenschaar", "tuinslang", "kruiwagen", "bloempot"] },
  { name: "Gereedschap", nameEn: "Tools", nouns: ["boormachine", "schroefmachine", "zaag", "gereedschapskist", "ladder"] },
  { name: "Doe-het-zelf", nameEn: "DIY", nouns: ["verf", "tegels", "laminaat", "behang", "kitpistool"] },
  { name: "Woonaccessoires", nameEn: "Home decor", nouns: ["spiegel", "vaas", "kussen", "vloerkleed", "schilderij"] },
  { name: "Antiek", nameEn: "Antiques", nouns: ["klok", "kandelaar", "kist", "secretaire", "staande klok"] },
  { name: "Verzamelen", nameEn: "Collectibles", nouns: ["munten", "postzegels", "ansichtkaarten", "miniaturen", "stripalbum"] },
  { name: "Kunst", nameEn: "Art", nouns: ["schilderij", "beeld", "ets", "litho", "aquarel"] },
  { name: "Dieren", nameEn: "Pets", nouns: ["hondenmand", "kattenkrabpaal", "aquarium", "konijnenhok", "vogelkooi"] },
  { name: "Auto-accessoires", nameEn: "Car accessories", nouns: ["dakkoffer", "fietsendrager", "winterbanden", "kinderzitje", "navigatie"] },
  { name: "Kantoor", nameEn: "Office", nouns: ["bureau", "archiefkast", "printer", "whiteboard", "vergadertafel"] },
  { name: "Overig", nameEn: "Other", nouns: ["doos", "partij", "verzameling", "restpartij", "set"] },
];

const ADJECTIVES = [
  "Mooie", "Nette", "Zo goed als nieuwe", "Vintage", "Retro", "Moderne", "Klassieke", "Stevige", "Lichte",
  "Grote", "Kleine", "Zwarte", "Witte", "Blauwe", "Rode", "Groene", "Houten", "Leren", "Design", "Degelijke",
];
const BRANDS = [
  "Gazelle", "Batavus", "Sparta", "Philips", "Samsung", "Apple", "IKEA", "Gispen", "Sony", "Bosch",
  "Miele", "Canon", "Nikon", "Lego", "Bugaboo", "Jack Wolfskin", "Adidas", "Nike", "Makita", "Auping",
];
const EXTRAS = ["", "", "", " 28 inch", " met garantie", " incl. lader", " maat M", " z.g.a.n.", " set van 2", " XL"];
const SENTENCES = [
  "Weinig gebruikt en altijd binnen gestaan.",
  "Ophalen in overleg, liefst in het weekend.",
  "Werkt perfect, alleen wat gebruikssporen.",
  "Wegens verhuizing te koop.",
  "Bieden mag, niet verzenden.",
  "Rookvrij huis, geen huisdieren.",
  "Originele doos en bon aanwezig.",
  "Kleine kras aan de zijkant, verder prima.",
  "Past niet meer in ons nieuwe huis.",
  "Recent nagekeken en schoongemaakt.",
];
const FIRST_NAMES = ["Sanne", "Daan", "Emma", "Lars", "Noor", "Bram", "Fleur", "Tijs", "Julia", "Sem", "Lotte", "Finn", "Anouk", "Jesse", "Eva", "Ruben"];
const LAST_NAMES = ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Dijk"];


/** The categories, and their nouns (with each category's position) for the title generator. */
async function seedCategories(client: pg.Client): Promise<void> {
  await client.query(
    `INSERT INTO categories (id, name, name_en, slug, position)
     SELECT gen_random_uuid(), c.name, c.name_en, lower(regexp_replace(c.name_en, '[^A-Za-z]+', '-', 'g')), c.ord - 1
     FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(name, name_en, ord)`,
    [CATEGORIES.map((c) => c.name), CATEGORIES.map((c) => c.nameEn)],
  );
  // Nouns with the position of their category, for the title generator.
  await client.query(`CREATE TEMP TABLE bench_nouns (category_position int, noun text, n serial)`);
  await client.query(
    `INSERT INTO bench_nouns (category_position, noun)
     SELECT cat, noun FROM unnest($1::int[], $2::text[]) AS t(cat, noun)`,
    [
      CATEGORIES.flatMap((c, i) => c.nouns.map(() => i)),
      CATEGORIES.flatMap((c) => c.nouns),
    ],
  );
}

export async function seedCatalog(client: pg.Client, size: SeedSize, log: (line: string) => void): Promise<void> {
  await client.query("SELECT setseed(0.42)");
  await seedCategories(client);

  let started = performance.now();
  await client.query(
    `INSERT INTO users (id, email, password_hash, name, is_business_seller, business_name, vat_number, created_at, updated_at)
     SELECT gen_random_uuid(), 'seller' || i || '@bench.kringwaar.nl', 'not-a-real-hash',
            ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] || ' ' ||
            ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int],
            i % 20 = 0, CASE WHEN i % 20 = 0 THEN 'Bedrijf ' || i || ' B.V.' END,
            CASE WHEN i % 20 = 0 THEN 'NL' || lpad(i::text, 9, '0') || 'B01' END,
            now() - random() * interval '3 years', now()
     FROM generate_series(1, $3::int) AS i`,
    [FIRST_NAMES, LAST_NAMES, size.sellers],
  );
  log(`  ${size.sellers} sellers in ${ms(started)}`);

  started = performance.now();
  await client.query(`CREATE TEMP TABLE bench_sellers AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM users`);
  await client.query(
    `INSERT INTO locations (id, address, formatted_address, postcode, city, lat, lng, created_by_id, created_at)
     SELECT gen_random_uuid(), street || ', ' || postcode || ' ' || city, street || ', ' || postcode || ' ' || city,
            postcode, city, lat, lng, s.id, now() - interval '1 year'
     FROM (
       SELECT i,
              (ARRAY['Dorpsstraat','Kerkstraat','Stationsweg','Molenweg','Schoolstraat','Markt','Julianastraat','Beatrixlaan'])[1 + i % 8]
                || ' ' || (1 + floor(random() * 200))::int AS street,
              p.postcode || ' ' || chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int) AS postcode,
              p.city,
              p.lat + (random() - 0.5) * 0.08 AS lat,
              p.lng + (random() - 0.5) * 0.12 AS lng
       FROM generate_series(1, $5::int) AS i
       JOIN unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) WITH ORDINALITY AS p(city, postcode, lat, lng, ord)
         ON p.ord = 1 + i % array_length($1::text[], 1)
     ) g
     JOIN bench_sellers s ON s.n = 1 + g.i % $6::int`,
    [PLACES.map((p) => p.city), PLACES.map((p) => p.postcode), PLACES.map((p) => p.lat), PLACES.map((p) => p.lng), size.locations, size.sellers],
  );
  await client.query(`CREATE TEMP TABLE bench_locations AS SELECT row_number() OVER (ORDER BY id) AS n, id, created_by_id FROM locations`);
  log(`  ${size.locations} locations around ${PLACES.length} places in ${ms(started)}`);

  started = performance.now();
  // Per-row counter upkeep would triple the insert time: rebuild the counts once after.
  await client.query("ALTER TABLE products DISABLE TRIGGER products_category_counts");
  // The typo vocabulary too (migration search_words), rebuilt once after.
  await client.query("ALTER TABLE products DISABLE TRIGGER products_search_words");
  // Each product: a random location, sold by the seller who stored it.
  await client.query(
    `INSERT INTO products (id, seller_id, title, description, price_cents, category_id, condition, status,
                           is_featured, location_id, created_at, updated_at)
     SELECT gen_random_uuid(), l.created_by_id,
            left(adjective || ' ' || nn.noun || ' ' || brand || extra, 100),
            left(initcap(nn.noun) || ' van ' || brand || '. ' || s1 || ' ' || s2 || ' ' || s3, 1000),
            g.price, c.id, g.condition::"ProductCondition", g.status::"ProductStatus",
            random() < 0.01, l.id, g.created_at, g.created_at
     FROM (
       SELECT i,
              ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int] AS adjective,
              ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int] AS brand,
              ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int] AS extra,
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] AS s1,
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] AS s2,
              ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int] AS s3,
              1 + floor(random() * (SELECT count(*) FROM bench_nouns))::int AS noun_n,
              1 + floor(random() * $6::int)::int AS location_n,
              -- Prices skewed low, as on a real second-hand market: 1 to ~2500 euros.
              greatest(1, (power(random(), 3) * 250000)::int / 50 * 50) AS price,
              (ARRAY['new','like_new','good','good','good','fair','fair','poor'])[1 + floor(random() * 8)::int] AS condition,
              CASE WHEN random() < 0.05 THEN 'sold' WHEN random() < 0.03 THEN 'reserved' ELSE 'available' END AS status,
              now() - random() * interval '365 days' AS created_at
       FROM generate_series(1, $5::int) AS i
     ) g
     JOIN bench_nouns nn ON nn.n = g.noun_n
     JOIN categories c ON c.position = nn.category_position
     JOIN bench_locations l ON l.n = g.location_n`,
    [ADJECTIVES, BRANDS, EXTRAS, SENTENCES, size.products, size.locations],
  );
  await client.query("ALTER TABLE products ENABLE TRIGGER products_category_counts");
  await client.query("ALTER TABLE products ENABLE TRIGGER products_search_words");
  await client.query(
    `INSERT INTO search_words (word, uses)
     SELECT w, count(*)::int FROM products p, search_words_of(p.title) w
     WHERE p.status <> 'sold' AND p.deleted_at IS NULL GROUP BY w`,
  );
  await client.query(
    `INSERT INTO category_counts (category_id, listed)
     SELECT category_id, count(*)::int FROM products WHERE status <> 'sold' AND deleted_at IS NULL
     GROUP BY category_id`,
  );
  log(`  ${size.products} products (search vectors by trigger) in ${ms(started)}`);

  started = performance.now();
  await client.query(
    `INSERT INTO product_images (id, product_id, url, thumb_url, position, created_at)
     SELECT gen_random_uuid(), p.id, '/uploads/products/' || p.id || '-' || n || '.webp',
            '/uploads/products/' || p.id || '-' || n || '-thumb.webp', n, p.created_at
     FROM products p CROSS JOIN LATERAL generate_series(0, (abs(hashtext(p.id::text)) % 3)) AS n`,
  );
  // Reviews for sold products, by a buyer other than the seller.
  await client.query(
    `INSERT INTO reviews (id, product_id, author_id, seller_id, rating, comment, created_at)
     SELECT gen_random_uuid(), p.id, b.id, p.seller_id,
            (ARRAY[3,4,4,5,5,5])[1 + floor(random() * 6)::int], 'Prima verkoper!', p.created_at + interval '5 days'
     FROM products p
     JOIN bench_sellers b ON b.n = 1 + (abs(hashtext(p.id::text)) % $1::int)
     WHERE p.status = 'sold' AND b.id <> p.seller_id`,
    [size.sellers],
  );
  // The sellers' stored rating aggregates, as lib/domains/reviews keeps them per review.
  await client.query(
    `UPDATE users u SET rating_sum = r.s, rating_count = r.c
     FROM (SELECT seller_id, sum(rating)::int AS s, count(*)::int AS c FROM reviews GROUP BY seller_id) r
     WHERE u.id = r.seller_id`,
  );
  log(`  images and reviews in ${ms(started)}`);

  started = performance.now();
  // A catalogue in steady state has been vacuumed (autovacuum): statistics and the
  // visibility map that index-only scans rely on.
  await client.query("VACUUM ANALYZE");
  log(`  VACUUM ANALYZE in ${ms(started)}`);
}

function ms(started: number): string {
  return `${Math.round(performance.now() - started)} ms`;
}
