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
ALTER TABLE "tag_product_stats" ALTER COLUMN "variance_sums" TYPE numeric(18, 3)[];
