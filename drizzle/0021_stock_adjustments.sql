-- Approve and apply (DESIGN.md section 13): an audit's final counts written into current stock.
-- One audit_applications row per application (reversed_at set when one action undoes it); at most
-- one unreversed application per audit, so a second apply of the same audit changes nothing.
-- Every change to a product's stock by an application or its reversal is a stock_adjustments row
-- (a counted line whose stock was already right gets one too, with difference 0: proof it was
-- counted). Quantities are numeric(18,3) (DESIGN.md section 2). Nothing existing changes.
CREATE TABLE "audit_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"audit_id" uuid NOT NULL REFERENCES "audits"("id") ON DELETE cascade,
	"applied_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"applied_by_name" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"zero_sheet" boolean NOT NULL,
	"reversed_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"reversed_by_name" text,
	"reversed_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "audit_applications_audit_idx" ON "audit_applications" USING btree ("audit_id","applied_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_applications_one_active_key" ON "audit_applications" USING btree ("audit_id") WHERE "reversed_at" IS NULL;--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"sku" text NOT NULL,
	"application_id" uuid REFERENCES "audit_applications"("id") ON DELETE set null,
	"audit_id" uuid REFERENCES "audits"("id") ON DELETE set null,
	"audit_name" text,
	"quantity_before" numeric(18, 3) NOT NULL,
	"quantity_after" numeric(18, 3) NOT NULL,
	"difference" numeric(18, 3) NOT NULL,
	"reason" text NOT NULL,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"user_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "stock_adjustments_product_idx" ON "stock_adjustments" USING btree ("organization_id","product_id","id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_application_idx" ON "stock_adjustments" USING btree ("application_id");
--> statement-breakpoint
-- Back to the books (DESIGN.md section 13): the export layout recognised at the organisation's
-- last catalogue import (a name of src/domain/import-layouts.ts), so that the counts go back in
-- that system's import format. Null until a recognised file is imported.
ALTER TABLE "organizations" ADD COLUMN "catalogue_layout" text;
--> statement-breakpoint
-- Recount (DESIGN.md section 13): a recount is a product audit scoped to a list of product ids
-- (not a filter), linked to the audit it recounts. When it completes, the parent's line of each
-- recounted product takes the recount's figure (category, difference and summary follow);
-- first_count keeps the parent's own count and recount_audit_id the recount that set the figure.
ALTER TABLE "audits" ADD COLUMN "parent_audit_id" uuid REFERENCES "audits"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "scope_product_ids" uuid[];--> statement-breakpoint
CREATE INDEX "audits_parent_idx" ON "audits" USING btree ("parent_audit_id") WHERE "parent_audit_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_result_lines" ADD COLUMN "first_count" numeric(18, 3);--> statement-breakpoint
ALTER TABLE "audit_result_lines" ADD COLUMN "recount_audit_id" uuid;
