-- CreateTable
CREATE TABLE "search_words" (
    "word" TEXT NOT NULL,
    "uses" INTEGER NOT NULL,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("word")
);

-- The typo vocabulary kept by trigger: the distinct words of 3+ letters of a
-- title, lower case, split as lib/domains/catalog/typos.ts did over every title.
CREATE FUNCTION search_words_of(title text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT lower(w) FROM regexp_split_to_table(title, '[^[:alpha:]]+') AS w WHERE length(w) >= 3
$$;

-- A product counts while it is for sale (not sold, not deleted). One statement per
-- change, its words in order: concurrent listings lock shared words in the same order.
CREATE FUNCTION products_search_words() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word, uses)
  SELECT d.word, sum(d.delta)::int
  FROM (
    SELECT w AS word, -1 AS delta FROM search_words_of(OLD.title) w
    WHERE TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.status <> 'sold'
    UNION ALL
    SELECT w, 1 FROM search_words_of(NEW.title) w
    WHERE TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.status <> 'sold'
  ) d
  GROUP BY d.word
  HAVING sum(d.delta) <> 0
  ORDER BY d.word
  ON CONFLICT (word) DO UPDATE SET uses = search_words.uses + EXCLUDED.uses;
  RETURN NULL;
END
$$;

CREATE TRIGGER products_search_words
AFTER INSERT OR DELETE OR UPDATE OF title, status, deleted_at ON products
FOR EACH ROW EXECUTE FUNCTION products_search_words();

INSERT INTO search_words (word, uses)
SELECT w, count(*)::int FROM products p, search_words_of(p.title) w
WHERE p.deleted_at IS NULL AND p.status <> 'sold'
GROUP BY w;
