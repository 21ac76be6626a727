-- docs/decisions/0041-tag-analytics-running-totals.md: the per-product arrays keep running totals
-- instead of one flag and one difference per audit, so any date range's figures are two
-- subscripts; the latest completion is a plain column with an index, so the list's "audited since
-- X" counts read neither arrays nor rows.
ALTER TABLE "tag_product_stats" ADD COLUMN "last_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tag_product_stats" ADD COLUMN "accurate_counts" integer[];--> statement-breakpoint
ALTER TABLE "tag_product_stats" ADD COLUMN "variance_sums" integer[];--> statement-breakpoint
-- Audit ids (read only when an audit is deleted) out of line, uncompressed: the arrays the
-- reads use stay in the row. Set before the backfill, which rewrites every row.
ALTER TABLE "tag_product_stats" ALTER COLUMN "audit_ids" SET STORAGE EXTERNAL;--> statement-breakpoint
UPDATE "tag_product_stats" SET
  "last_completed_at" = "completed_ats"[cardinality("completed_ats")],
  "accurate_counts" = ARRAY(
    SELECT (sum(CASE WHEN u.a THEN 1 ELSE 0 END) OVER (ORDER BY u.i))::int FROM unnest("accurate") WITH ORDINALITY AS u(a, i) ORDER BY u.i),
  "variance_sums" = ARRAY(
    SELECT (sum(u.d) OVER (ORDER BY u.i))::int FROM unnest("differences") WITH ORDINALITY AS u(d, i) ORDER BY u.i);--> statement-breakpoint
ALTER TABLE "tag_product_stats" ALTER COLUMN "last_completed_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_product_stats" ALTER COLUMN "accurate_counts" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_product_stats" ALTER COLUMN "variance_sums" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_product_stats" DROP COLUMN "accurate";--> statement-breakpoint
ALTER TABLE "tag_product_stats" DROP COLUMN "differences";
--> statement-breakpoint
-- One rewrite in key order: drops the old arrays' bytes (a dropped column keeps them until the
-- row is rewritten) and lays a tag's rows side by side for the detail page.
CLUSTER "tag_product_stats" USING "tag_product_stats_organization_id_tag_product_id_pk";--> statement-breakpoint
CREATE INDEX "tag_product_stats_org_tag_last_idx" ON "tag_product_stats" USING btree ("organization_id","tag","last_completed_at");
