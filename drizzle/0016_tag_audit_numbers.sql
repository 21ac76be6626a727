-- docs/decisions/0071: complete audits numbered per organisation in completion order; the
-- per-product arrays hold those numbers instead of audit ids (16 bytes, stored out of line) and
-- completion times (8 bytes), so a row's arrays stay small and in the row. The rows are rebuilt
-- from the result lines, as the refresh does.
CREATE TABLE "tag_audit_numbers" (
	"organization_id" uuid NOT NULL,
	"audit_id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_audit_numbers" ADD CONSTRAINT "tag_audit_numbers_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_audit_numbers_org_number_idx" ON "tag_audit_numbers" USING btree ("organization_id","number");--> statement-breakpoint
INSERT INTO "tag_audit_numbers" ("organization_id", "audit_id", "number", "completed_at")
SELECT "organization_id", "id", row_number() OVER (PARTITION BY "organization_id" ORDER BY "completed_at", "id"), "completed_at"
FROM "audits" WHERE "status" = 'complete' AND "completed_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "tag_product_stats";--> statement-breakpoint
ALTER TABLE "tag_product_stats" DROP COLUMN "audit_ids";--> statement-breakpoint
ALTER TABLE "tag_product_stats" DROP COLUMN "completed_ats";--> statement-breakpoint
ALTER TABLE "tag_product_stats" ADD COLUMN "audit_numbers" integer[] NOT NULL;--> statement-breakpoint
-- Every (tag, product) row from the audited lines of complete audits (the tags each line kept),
-- as `insertProductStatsPerTag` in stats-repo.ts computes them.
INSERT INTO "tag_product_stats" ("organization_id", "tag", "product_id", "sku", "product_name", "audit_numbers", "last_completed_at",
  "accurate_counts", "variance_sums")
SELECT s.organization_id, s.tag, s.product_id, (array_agg(s.sku))[count(*)], (array_agg(s.product_name))[count(*)],
  array_agg(s.number), max(s.completed_at), array_agg(s.accurate_count), array_agg(s.variance_sum)
FROM (
  SELECT l.organization_id, t.tag, l.product_id, l.sku, l.product_name, n.number, n.completed_at,
    (sum((l.category = 'quantityCorrect')::int) OVER w)::int AS accurate_count,
    (sum(coalesce(l.difference, 0)) OVER w)::int AS variance_sum
  FROM "audit_result_lines" AS l
  JOIN "tag_audit_numbers" AS n ON n.audit_id = l.audit_id
  CROSS JOIN LATERAL unnest(l.tags) AS t(tag)
  WHERE l.product_id IS NOT NULL
    AND l.category IN ('quantityCorrect', 'quantityAbove', 'quantityBelow', 'crossFileDiscrepancies', 'zeroSheetItems')
  WINDOW w AS (PARTITION BY l.organization_id, t.tag, l.product_id ORDER BY n.number ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  ORDER BY l.organization_id, t.tag, l.product_id, n.number
) AS s
GROUP BY s.organization_id, s.tag, s.product_id;
--> statement-breakpoint
-- Per-(audit, tag) rows without a foreign key checked per row (a third of a refresh's write);
-- they go with their audit by this trigger, however the audit is deleted (as its lines, 0065).
ALTER TABLE "tag_audit_stats" DROP CONSTRAINT "tag_audit_stats_audit_id_audits_id_fk";--> statement-breakpoint
CREATE FUNCTION audits_drop_tag_audit_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM tag_audit_stats WHERE audit_id = OLD.id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audits_drop_tag_audit_stats AFTER DELETE ON audits FOR EACH ROW EXECUTE FUNCTION audits_drop_tag_audit_stats();
--> statement-breakpoint
-- One rewrite in key order: drops the dropped arrays' bytes (kept in every old row until it is
-- rewritten) and the deleted rows, and lays a tag's rows side by side for the detail page.
CLUSTER "tag_product_stats" USING "tag_product_stats_organization_id_tag_product_id_pk";
