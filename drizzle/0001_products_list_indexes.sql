-- Product list at 100,000 products (issue 3, DESIGN.md section 7; docs/decisions/0010-product-search-indexes.md).
-- Trigram indexes for "contains" on SKU and name (the quick search and the contains / starts with /
-- ends with filters), only where pg_trgm exists: PGlite loads it (src/server/db/client.ts), a
-- PostgreSQL server ships it in contrib. Without it the same queries run, as scans.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm: this role may not create the extension; product search runs without trigram indexes';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "products_sku_trgm_idx" ON "products" USING gin (lower("sku") gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);
  ELSE
    RAISE NOTICE 'pg_trgm is not available: product search runs without trigram indexes';
  END IF;
END
$$;
