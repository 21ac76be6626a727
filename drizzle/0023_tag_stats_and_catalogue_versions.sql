-- docs/decisions/0129: the tag analytics aggregates carry a version per organisation (moved by
-- every completion, deletion, replacement of an audit's lines and rebuild), which the Refresh
-- call answers; a full rebuild from the result lines is a background job whose progress is a row.
-- Existing figures are kept as they are: no organisation has a version row until its aggregates
-- next change (a missing row reads as version 0).
CREATE TABLE "tag_stats_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tag_stats_versions" ADD CONSTRAINT "tag_stats_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "tag_stats_rebuilds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tag_stats_rebuilds_status" CHECK ("tag_stats_rebuilds"."status" in ('queued', 'running', 'complete', 'error'))
);
--> statement-breakpoint
ALTER TABLE "tag_stats_rebuilds" ADD CONSTRAINT "tag_stats_rebuilds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_stats_rebuilds" ADD CONSTRAINT "tag_stats_rebuilds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_stats_rebuilds_org_created_idx" ON "tag_stats_rebuilds" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_stats_rebuilds_one_open_idx" ON "tag_stats_rebuilds" USING btree ("organization_id") WHERE "tag_stats_rebuilds"."status" in ('queued', 'running');
--> statement-breakpoint
-- docs/decisions/0131: the catalogue's version per organisation, one more at every statement that
-- inserts, updates or deletes its products, whichever code runs it (the product list caches its
-- answers and totals by it). One trigger per event: a transition table names the organisations.
CREATE TABLE "catalogue_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_versions" ADD CONSTRAINT "catalogue_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_versions AS v (organization_id, version)
  SELECT DISTINCT c.organization_id, 1 FROM changed AS c
  JOIN organizations AS o ON o.id = c.organization_id
  ORDER BY 1
  ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_inserted_catalogue_version" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "products_updated_catalogue_version" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "products_deleted_catalogue_version" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_identifiers_inserted_catalogue_version" AFTER INSERT ON "product_identifiers" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "product_identifiers_updated_catalogue_version" AFTER UPDATE ON "product_identifiers" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();--> statement-breakpoint
CREATE TRIGGER "product_identifiers_deleted_catalogue_version" AFTER DELETE ON "product_identifiers" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
