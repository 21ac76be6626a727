CREATE TABLE "audit_result_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"category" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"scan_value" text,
	"matched_sku" text,
	"product_name" text,
	"expected_quantity" integer,
	"scanned_quantity" integer NOT NULL,
	"difference" integer,
	"percentage_difference" double precision,
	"cost_price" numeric(12, 2),
	"variance_value" numeric(14, 2),
	"actual_category" text,
	"location" text,
	"scan_files" text[] DEFAULT '{}'::text[] NOT NULL,
	"reason" text,
	"bad_check_digit" boolean DEFAULT false NOT NULL,
	"context" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_result_summaries" (
	"audit_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"total_scanned" integer NOT NULL,
	"matched_scanned" integer NOT NULL,
	"match_rate" double precision NOT NULL,
	"accuracy" double precision,
	"processing_time_ms" integer NOT NULL,
	"total_products_in_filter" integer,
	"variance_units" integer NOT NULL,
	"variance_value" numeric(14, 2) NOT NULL,
	"counts" jsonb NOT NULL,
	"scan_file_breakdown" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"section" text,
	"description" text,
	"audit_type" text NOT NULL,
	"mode" text DEFAULT 'standard' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"error_message" text,
	"filter_expression" jsonb,
	"progress" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subscription_tier" text DEFAULT 'free' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"upc" text,
	"other_identifier" text,
	"name" text,
	"description" text,
	"distributor" text,
	"manufacturer" text,
	"category" text,
	"location" text,
	"current_quantity" integer DEFAULT 0 NOT NULL,
	"cost_price" numeric(12, 2),
	"price" numeric(12, 2),
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"team_name" text,
	"scanner_id" text,
	"scan_column" text NOT NULL,
	"quantity_column" text,
	"row_count" integer DEFAULT 0 NOT NULL,
	"total_items" integer DEFAULT 0 NOT NULL,
	"match_rate" double precision,
	"storage_path" text,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_result_lines" ADD CONSTRAINT "audit_result_lines_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_result_summaries" ADD CONSTRAINT "audit_result_summaries_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audits" ADD CONSTRAINT "audits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_files" ADD CONSTRAINT "scan_files_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_result_lines_audit_idx" ON "audit_result_lines" USING btree ("audit_id","category","position");--> statement-breakpoint
CREATE INDEX "audits_org_created_idx" ON "audits" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_sku_key" ON "products" USING btree ("organization_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_org_created_idx" ON "products" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "scan_files_audit_idx" ON "scan_files" USING btree ("audit_id","position");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");