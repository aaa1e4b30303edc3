-- Typo corrections are looked up in the kept vocabulary by trigram similarity (and a
-- query word inside a compound by LIKE), on every instance alike: see docs/catalog.md.
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING GIN ("word" gin_trgm_ops);
