-- The products list's search keyed by organisation (docs/decisions/0086-search-keys-carry-the-organisation.md).
-- The trigram indexes of 0001 hold every organisation's products, so a search read the postings of
-- all of them. With btree_gin the same GIN index carries the organisation and the category beside
-- the trigrams: a search reads only its organisation's postings, and with the most common filter
-- (category equals) only that category's. Where btree_gin is not available (or the role may not
-- create it), the indexes of 0001 stay and nothing changes.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'btree_gin') THEN
    BEGIN
      CREATE EXTENSION btree_gin;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'btree_gin: this role may not create the extension; product search keeps its trigram indexes over all organisations';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    CREATE INDEX IF NOT EXISTS "products_org_category_sku_trgm_idx" ON "products"
      USING gin ("organization_id", lower("category"), lower("sku") gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "products_org_category_name_trgm_idx" ON "products"
      USING gin ("organization_id", lower("category"), lower("name") gin_trgm_ops);
    DROP INDEX IF EXISTS "products_sku_trgm_idx";
    DROP INDEX IF EXISTS "products_name_trgm_idx";
  ELSE
    RAISE NOTICE 'btree_gin or pg_trgm is not available: product search keeps the indexes of 0001';
  END IF;
END
$$;
