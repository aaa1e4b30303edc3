-- A text search past the count cap reads exact titles first (lib/domains/catalog/relevance.ts):
-- an index on the lowercased title answers `lower(title) = lower($1)` without rechecking
-- every title that merely contains the word (the trigram index's answer). Prisma's schema
-- cannot describe an index on an expression; tests/api/schema-drift.test.ts lists it.
CREATE INDEX IF NOT EXISTS products_title_lower_idx ON products (lower(title));
