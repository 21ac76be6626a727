-- docs/decisions/0065: result lines keyed by their place, (audit, category, position), the order
-- every read already follows; no serial id (a sequence call and an index entry per line) and no
-- foreign key to audits (a lookup per line: most of storing 120,000 lines on PGlite). An
-- audit's lines go with it by the trigger below, however the audit is deleted.
ALTER TABLE "audit_result_lines" DROP CONSTRAINT "audit_result_lines_audit_id_audits_id_fk";--> statement-breakpoint
DROP INDEX "audit_result_lines_audit_idx";--> statement-breakpoint
ALTER TABLE "audit_result_lines" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "audit_result_lines" ADD CONSTRAINT "audit_result_lines_audit_id_category_position_pk" PRIMARY KEY("audit_id","category","position");--> statement-breakpoint
CREATE FUNCTION audits_drop_result_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM audit_result_lines WHERE audit_id = OLD.id;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audits_drop_result_lines AFTER DELETE ON audits FOR EACH ROW EXECUTE FUNCTION audits_drop_result_lines();
