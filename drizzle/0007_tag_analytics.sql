CREATE TABLE "tag_audit_stats" (
	"organization_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"audit_id" uuid NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"audited_lines" integer NOT NULL,
	"accurate_lines" integer NOT NULL,
	"quantity_variance" integer NOT NULL,
	CONSTRAINT "tag_audit_stats_audit_id_tag_pk" PRIMARY KEY("audit_id","tag")
);
--> statement-breakpoint
CREATE TABLE "tag_product_stats" (
	"organization_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"product_name" text,
	"audit_ids" uuid[] NOT NULL,
	"completed_ats" timestamp with time zone[] NOT NULL,
	"accurate" boolean[] NOT NULL,
	"differences" integer[] NOT NULL,
	CONSTRAINT "tag_product_stats_organization_id_tag_product_id_pk" PRIMARY KEY("organization_id","tag","product_id")
);
--> statement-breakpoint
ALTER TABLE "audit_result_lines" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tag_audit_stats" ADD CONSTRAINT "tag_audit_stats_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_audit_stats_org_tag_idx" ON "tag_audit_stats" USING btree ("organization_id","tag","completed_at");--> statement-breakpoint
-- Backfill (docs/decisions/0040-tag-analytics-aggregates.md): lines written before this migration
-- did not keep tags; they get their product's current tags, once. Lines of deleted products stay
-- untagged.
UPDATE "audit_result_lines" AS l SET "tags" = ARRAY(SELECT DISTINCT t FROM unnest(p."tags") AS t WHERE t <> '')
FROM "products" AS p
WHERE p."id" = l."product_id" AND l."product_id" IS NOT NULL AND cardinality(p."tags") > 0;
--> statement-breakpoint
-- The aggregates of audits completed before this migration (the same statements as a refresh).
INSERT INTO "tag_audit_stats" ("organization_id", "tag", "audit_id", "completed_at", "audited_lines", "accurate_lines", "quantity_variance")
SELECT l."organization_id", t.tag, l."audit_id", a."completed_at", count(*)::int,
  (count(*) FILTER (WHERE l."category" = 'quantityCorrect'))::int, coalesce(sum(l."difference"), 0)::int
FROM "audit_result_lines" AS l
JOIN "audits" AS a ON a."id" = l."audit_id" AND a."status" = 'complete' AND a."completed_at" IS NOT NULL
CROSS JOIN LATERAL unnest(l."tags") AS t(tag)
WHERE l."product_id" IS NOT NULL
  AND l."category" IN ('quantityCorrect', 'quantityAbove', 'quantityBelow', 'crossFileDiscrepancies', 'zeroSheetItems')
GROUP BY l."organization_id", t.tag, l."audit_id", a."completed_at";
--> statement-breakpoint
INSERT INTO "tag_product_stats" ("organization_id", "tag", "product_id", "sku", "product_name", "audit_ids", "completed_ats", "accurate", "differences")
SELECT s."organization_id", s.tag, s."product_id",
  (array_agg(s."sku"))[count(*)], (array_agg(s."product_name"))[count(*)],
  array_agg(s."audit_id"), array_agg(s."completed_at"), array_agg(s.accurate), array_agg(s.difference)
FROM (
  SELECT l."organization_id", t.tag, l."product_id", l."sku", l."product_name", l."audit_id", a."completed_at",
    l."category" = 'quantityCorrect' AS accurate, coalesce(l."difference", 0) AS difference
  FROM "audit_result_lines" AS l
  JOIN "audits" AS a ON a."id" = l."audit_id" AND a."status" = 'complete' AND a."completed_at" IS NOT NULL
  CROSS JOIN LATERAL unnest(l."tags") AS t(tag)
  WHERE l."product_id" IS NOT NULL
    AND l."category" IN ('quantityCorrect', 'quantityAbove', 'quantityBelow', 'crossFileDiscrepancies', 'zeroSheetItems')
  ORDER BY l."organization_id", t.tag, l."product_id", a."completed_at", l."audit_id"
) AS s
GROUP BY s."organization_id", s.tag, s."product_id";
