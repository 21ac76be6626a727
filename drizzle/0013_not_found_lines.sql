CREATE TABLE "audit_not_found_lines" (
	"audit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"value" text NOT NULL,
	"scanned_quantity" integer NOT NULL,
	"scan_files" text[] NOT NULL,
	"reason" text,
	"context" jsonb,
	CONSTRAINT "audit_not_found_lines_audit_id_position_pk" PRIMARY KEY("audit_id","position")
);
--> statement-breakpoint
-- No foreign key on audit_id (checked per row, it was most of the cost of storing a million
-- lines, docs/decisions/0075): an audit's notFound lines go with it by this trigger instead,
-- however the audit is deleted (its own delete, or its organisation's cascade).
CREATE FUNCTION audits_drop_not_found_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audit_not_found_lines WHERE audit_id = OLD.id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audits_drop_not_found_lines AFTER DELETE ON audits FOR EACH ROW EXECUTE FUNCTION audits_drop_not_found_lines();--> statement-breakpoint
-- The notFound lines stored so far move to their table (the usual reason 'unknown' is NULL there).
INSERT INTO audit_not_found_lines (audit_id, position, value, scanned_quantity, scan_files, reason, context)
  SELECT audit_id, position, sku, scanned_quantity, scan_files, nullif(reason, 'unknown'), context
  FROM audit_result_lines WHERE category = 'notFound';--> statement-breakpoint
DELETE FROM audit_result_lines WHERE category = 'notFound';
