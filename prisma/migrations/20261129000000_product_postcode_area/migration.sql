-- A product carries the postcode area (the four digits) of its pickup location next to
-- its place (migration product_place), kept by the same triggers, so that "3511" in the
-- location box is one index range too instead of the products of each of its locations
-- (8,334 locations at 1,000,000 listings, 58-75 ms). And a place with a price
-- range reads the range from an index instead of ANDing the place with a bitmap of the
-- whole price range ("Groningen" under 50 euro: 272,800 entries, 80 ms).
ALTER TABLE products ADD COLUMN postcode_area TEXT COLLATE "C";

UPDATE products p SET postcode_area = left(replace(l.postcode, ' ', ''), 4)
FROM locations l WHERE l.id = p.location_id AND l.postcode IS NOT NULL;

CREATE OR REPLACE FUNCTION products_place_fill() RETURNS trigger AS $$
BEGIN
  IF NEW.location_id IS NULL THEN
    NEW.place := NULL;
    NEW.postcode_area := NULL;
  ELSE
    SELECT lower(l.city), left(replace(l.postcode, ' ', ''), 4) INTO NEW.place, NEW.postcode_area
    FROM locations l WHERE l.id = NEW.location_id;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

-- A location whose place or postcode is corrected takes its products along.
CREATE OR REPLACE FUNCTION locations_place_spread() RETURNS trigger AS $$
BEGIN
  UPDATE products SET place = lower(NEW.city), postcode_area = left(replace(NEW.postcode, ' ', ''), 4)
  WHERE location_id = NEW.id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER locations_place_spread ON locations;
CREATE TRIGGER locations_place_spread
  AFTER UPDATE OF city, postcode ON locations
  FOR EACH ROW WHEN (OLD.city IS DISTINCT FROM NEW.city OR OLD.postcode IS DISTINCT FROM NEW.postcode)
  EXECUTE FUNCTION locations_place_spread();

CREATE INDEX "products_postcode_area_created_at_idx" ON "products"("postcode_area", "created_at" DESC);
CREATE INDEX "products_place_price_cents_idx" ON "products"("place", "price_cents");
