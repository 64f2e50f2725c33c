-- Trigram indexes make the forgiving catalogue search fast (src/shared/search-text.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
