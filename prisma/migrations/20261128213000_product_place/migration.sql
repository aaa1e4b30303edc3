-- A product carries the place of its pickup location (lower(locations.city)), kept by
-- triggers, so that the browse page's location box reads a place from one index range
-- instead of probing the products of each of its locations (8,334 probes for
-- "Utrecht" at 1,000,000 listings). lib/domains/catalog/matches.ts reads it.
-- COLLATE "C": `place LIKE 'amst%'` (a place being typed) is an index range whatever the
-- database's collation.
ALTER TABLE products ADD COLUMN place TEXT COLLATE "C";

UPDATE products p SET place = lower(l.city) FROM locations l WHERE l.id = p.location_id AND l.city IS NOT NULL;

-- On insert and whenever the location changes (a seller's edit, or the location's
-- deletion setting location_id to NULL).
CREATE FUNCTION products_place_fill() RETURNS trigger AS $$
BEGIN
  IF NEW.location_id IS NULL THEN
    NEW.place := NULL;
  ELSE
    SELECT lower(l.city) INTO NEW.place FROM locations l WHERE l.id = NEW.location_id;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER products_place_fill
  BEFORE INSERT OR UPDATE OF location_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_place_fill();

-- A location whose place is corrected takes its products along.
CREATE FUNCTION locations_place_spread() RETURNS trigger AS $$
BEGIN
  UPDATE products SET place = lower(NEW.city) WHERE location_id = NEW.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER locations_place_spread
  AFTER UPDATE OF city ON locations
  FOR EACH ROW WHEN (OLD.city IS DISTINCT FROM NEW.city)
  EXECUTE FUNCTION locations_place_spread();

CREATE INDEX "products_place_category_id_idx" ON "products"("place", "category_id");
CREATE INDEX "products_place_created_at_idx" ON "products"("place", "created_at" DESC);

-- The rest of the location box: an address that names the text other than as its own
-- place ("Utrechtseweg 10, Leusden" for "Utrecht"). Without the place taken out, every
-- address of the place would match and be read only to be set aside (8,334 in
-- "Amsterdam" at a million listings). An index on an expression: schema.prisma cannot
-- describe it (tests/api/schema-drift.test.ts lists it).
CREATE INDEX locations_address_elsewhere_trgm_idx ON locations
  USING gin ((replace(lower(formatted_address), lower(coalesce(city, '')), '')) gin_trgm_ops);
