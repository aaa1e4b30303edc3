-- The best full-text matches first from an index (issue 28): the `rum` extension
-- (Debian's postgresql-NN-rum) keeps the word positions in the index, so a search can
-- read its full-text matches in ts_rank order (`search_vector <=> query`) instead of
-- ranking every match (lib/domains/catalog/relevance.ts). The index is on an expression
-- (coalesce, the same vector) because Prisma cannot declare a rum index and would drop
-- one on a plain column in the next migration; expression indexes it leaves alone.
--
-- Optional: where the extension is not installed (PGlite, most managed services) this
-- does nothing and search ranks as before (lib/domains/catalog/relevance.ts asks
-- pg_indexes). The inner block is a savepoint, so a failure halfway leaves nothing behind.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS rum;
    CREATE INDEX IF NOT EXISTS products_search_rum_idx ON products USING rum ((coalesce(search_vector, ''::tsvector)) rum_tsvector_ops);
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'rum unavailable (%): search ranks every full-text match', SQLERRM;
  END;
END $$;
