-- Quantities become decimals of at most 3 places (DESIGN.md section 2, section 5 rule 4):
-- measured goods are counted in metres and kilograms. numeric(18,3) holds every integer figure
-- stored so far exactly (an int4 has 10 digits, numeric(18,3) 15 before the point), so the
-- conversion keeps every existing figure; sums over them stay exact in SQL.
ALTER TABLE "products" ALTER COLUMN "current_quantity" TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "scan_files" ALTER COLUMN "total_items" TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "audit_result_lines"
  ALTER COLUMN "expected_quantity" TYPE numeric(18, 3),
  ALTER COLUMN "scanned_quantity" TYPE numeric(18, 3),
  ALTER COLUMN "difference" TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "audit_not_found_lines" ALTER COLUMN "scanned_quantity" TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "audit_result_summaries"
  ALTER COLUMN "total_scanned" TYPE numeric(18, 3),
  ALTER COLUMN "matched_scanned" TYPE numeric(18, 3),
  ALTER COLUMN "variance_units" TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "tag_audit_stats" ALTER COLUMN "quantity_variance" TYPE numeric(18, 3);--> statement-breakpoint
ALTER TABLE "tag_product_stats" ALTER COLUMN "variance_sums" TYPE numeric(18, 3)[];--> statement-breakpoint
-- A product's alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers"): more barcodes
-- (a second supplier's EAN, the case of 24) and aliases, each with the units one read counts.
CREATE TABLE "product_identifiers" (
	"organization_id" uuid NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	"kind" text NOT NULL,
	"units" numeric(18, 3) DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_identifiers_pkey" PRIMARY KEY ("product_id", "position"),
	CONSTRAINT "product_identifiers_kind_check" CHECK ("kind" IN ('barcode', 'alias')),
	CONSTRAINT "product_identifiers_units_check" CHECK ("units" > 0)
);--> statement-breakpoint
CREATE INDEX "product_identifiers_org_value_idx" ON "product_identifiers" ("organization_id", lower("value"));
