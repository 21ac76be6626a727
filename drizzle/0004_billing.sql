CREATE TABLE "audit_creations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "audit_creations" ADD CONSTRAINT "audit_creations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_creations_org_created_idx" ON "audit_creations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_creations_audit_idx" ON "audit_creations" USING btree ("audit_id");--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_stripe_customer_key" UNIQUE("stripe_customer_id");--> statement-breakpoint
-- Every insert into audits records its creation; the record outlives the audit (DESIGN.md section 4).
CREATE FUNCTION audits_count_creation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_creations (organization_id, audit_id, created_at) VALUES (NEW.organization_id, NEW.id, NEW.created_at);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audits_count_creation AFTER INSERT ON audits FOR EACH ROW EXECUTE FUNCTION audits_count_creation();--> statement-breakpoint
-- An audit whose created_at is corrected (data repair) moves its creation record with it.
CREATE FUNCTION audits_move_creation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE audit_creations SET created_at = NEW.created_at WHERE audit_id = NEW.id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audits_move_creation AFTER UPDATE OF created_at ON audits FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION audits_move_creation();--> statement-breakpoint
-- Backfill: the audits that exist now (deleted ones are gone and cannot be recovered).
INSERT INTO audit_creations (organization_id, audit_id, created_at) SELECT organization_id, id, created_at FROM audits;
