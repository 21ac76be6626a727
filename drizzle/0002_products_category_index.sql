-- The products list's most common filter, category equals (spec part 2 section 5), as an index the
-- planner can AND with the trigram search: at 100,000 products a search matching 2,000 names and
-- one category reads ~100 rows instead of 2,000 (docs/decisions/0010-product-search-indexes.md).
CREATE INDEX IF NOT EXISTS "products_org_category_idx" ON "products" USING btree ("organization_id", lower("category"));
