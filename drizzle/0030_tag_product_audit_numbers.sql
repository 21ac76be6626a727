-- docs/decisions/0156: the audit numbers of each (tag, product) row of tag_product_stats, alone in
-- a narrow table, so the list over a date range ending in the past reads about 60 bytes of each
-- row's numbers plus 4 per audit instead of the whole wide row (its running totals too). Kept equal
-- to tag_product_stats.audit_numbers by the same statements that write those.
CREATE TABLE "tag_product_audit_numbers" (
	"organization_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"product_id" uuid NOT NULL,
	"audit_numbers" integer[] NOT NULL,
	CONSTRAINT "tag_product_audit_numbers_pk" PRIMARY KEY("organization_id","tag","product_id")
);
--> statement-breakpoint
INSERT INTO "tag_product_audit_numbers" ("organization_id", "tag", "product_id", "audit_numbers")
SELECT "organization_id", "tag", "product_id", "audit_numbers" FROM "tag_product_stats"
ORDER BY "organization_id", "tag", "product_id";
