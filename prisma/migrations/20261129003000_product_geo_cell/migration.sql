-- A product carries the grid cell (a tenth of a degree) of its pickup location's
-- approximate position, kept by the place triggers (migrations product_place,
-- product_postcode_area), inside GIN indexes next to its words: "stoel within 20 km of
-- Rotterdam" becomes the intersection of two lists in one index (text near a
-- place read every match of the word, or every listing within the radius, 0.4 to 1.1 s
-- at a million listings). lib/domains/geo/cells.ts computes the same cells for a radius.
-- An array of one cell: GIN indexes arrays out of the box (btree_gin is not needed).
ALTER TABLE products ADD COLUMN geo_cell INTEGER[];

UPDATE products p
SET geo_cell = ARRAY[(floor(round(l.lat * 100) / 10) * 1000 + floor(round(l.lng * 100) / 10))::int]
FROM locations l WHERE l.id = p.location_id;

CREATE OR REPLACE FUNCTION products_place_fill() RETURNS trigger AS $$
BEGIN
  IF NEW.location_id IS NULL THEN
    NEW.place := NULL;
    NEW.postcode_area := NULL;
    NEW.geo_cell := NULL;
  ELSE
    SELECT lower(l.city), left(replace(l.postcode, ' ', ''), 4),
           ARRAY[(floor(round(l.lat * 100) / 10) * 1000 + floor(round(l.lng * 100) / 10))::int]
    INTO NEW.place, NEW.postcode_area, NEW.geo_cell
    FROM locations l WHERE l.id = NEW.location_id;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

-- A location whose place, postcode or position is corrected takes its products along.
CREATE OR REPLACE FUNCTION locations_place_spread() RETURNS trigger AS $$
BEGIN
  UPDATE products
  SET place = lower(NEW.city), postcode_area = left(replace(NEW.postcode, ' ', ''), 4),
      geo_cell = ARRAY[(floor(round(NEW.lat * 100) / 10) * 1000 + floor(round(NEW.lng * 100) / 10))::int]
  WHERE location_id = NEW.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER locations_place_spread ON locations;
CREATE TRIGGER locations_place_spread
  AFTER UPDATE OF city, postcode, lat, lng ON locations
  FOR EACH ROW WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.postcode IS DISTINCT FROM NEW.postcode
                     OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lng IS DISTINCT FROM NEW.lng)
  EXECUTE FUNCTION locations_place_spread();

-- They replace the indexes of the words alone: a search without a place uses their first
-- column as it used those (PostgreSQL chose them over those anyway), and two copies of
-- every title's trigrams would cost each listing's insert and the cache twice.
CREATE INDEX products_search_vector_cell_idx ON products USING gin (search_vector, geo_cell);
CREATE INDEX products_title_trgm_cell_idx ON products USING gin (title gin_trgm_ops, geo_cell);
DROP INDEX products_search_vector_idx;
DROP INDEX products_title_trgm_idx;
-- A category within a radius: its listings in the cells of the radius, from one index
-- ("Fietsen within 15 km of Eindhoven" probed the listings of 8,500 locations). An index
-- on an expression: schema.prisma cannot describe it (tests/api/schema-drift.test.ts).
CREATE INDEX products_category_cell_idx ON products (category_id, (geo_cell[1]));
