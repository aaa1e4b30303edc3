-- Nearest-first from a GiST index: cube + earthdistance where the server has
-- them (Debian's PostgreSQL contrib; PGlite loads them as contrib extensions), and a
-- GiST index on the approximate position of every pickup location, the one distance
-- searches measure from (lib/domains/geo/privacy.ts: two decimals).
--
-- Optional: where the extensions are missing (or may not be created), this does nothing
-- and near searches use the bounding box on (lat, lng) and haversine as before
-- (lib/domains/geo/nearby.ts asks pg_extension). The inner block is a savepoint, so a
-- failure halfway leaves nothing behind.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS cube;
    CREATE EXTENSION IF NOT EXISTS earthdistance;
    CREATE INDEX IF NOT EXISTS locations_approx_earth_idx ON locations
      USING gist (ll_to_earth(round(lat * 100) / 100, round(lng * 100) / 100));
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'cube/earthdistance unavailable (%): near searches use the bounding box', SQLERRM;
  END;
END $$;
