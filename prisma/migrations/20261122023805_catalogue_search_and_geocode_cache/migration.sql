-- Trigram similarity for typo-tolerant search (PGlite ships pg_trgm too).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- AlterTable
ALTER TABLE "products" ADD COLUMN     "search_vector" tsvector;

-- CreateTable
CREATE TABLE "geocode_cache" (
    "key" TEXT NOT NULL,
    "result" JSONB,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "geocode_cache_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "geocode_cache_expires_at_idx" ON "geocode_cache"("expires_at");

-- CreateIndex
CREATE INDEX "products_search_vector_idx" ON "products" USING GIN ("search_vector");

-- CreateIndex
CREATE INDEX "products_title_trgm_idx" ON "products" USING GIN ("title" gin_trgm_ops);

-- The search document: title (weight A) and description (weight B) in the Dutch
-- configuration. Prisma does not manage functions or triggers, so they are no drift.
CREATE FUNCTION products_search_vector_refresh() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('dutch', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('dutch', coalesce(NEW.description, '')), 'B');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER products_search_vector_update
  BEFORE INSERT OR UPDATE OF title, description ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_vector_refresh();

UPDATE products SET search_vector =
  setweight(to_tsvector('dutch', coalesce(title, '')), 'A') ||
  setweight(to_tsvector('dutch', coalesce(description, '')), 'B');
