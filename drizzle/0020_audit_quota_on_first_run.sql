-- The month's audit quota counts audits when they first run, not when a draft is made
-- (DESIGN.md section 4; docs/decisions/0118). audit_creations keeps one row per audit that ran.
DROP TRIGGER IF EXISTS audits_count_creation ON audits;--> statement-breakpoint
DROP FUNCTION IF EXISTS audits_count_creation();--> statement-breakpoint
DROP TRIGGER IF EXISTS audits_move_creation ON audits;--> statement-breakpoint
DROP FUNCTION IF EXISTS audits_move_creation();--> statement-breakpoint
-- Correct the months already counted: an audit that is still a draft or pending, never completed
-- and without results never ran, so it counts nothing. Audits that ran keep their row, dated by
-- their completion where that is known (the month they ran). A deleted audit's row stays: whether
-- it ran cannot be told any more, and a run counts whether or not it is deleted later.
DELETE FROM audit_creations c USING audits a
  WHERE a.id = c.audit_id
    AND a.status IN ('draft', 'pending')
    AND a.completed_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM audit_result_summaries s WHERE s.audit_id = a.id);--> statement-breakpoint
UPDATE audit_creations c SET created_at = a.completed_at FROM audits a
  WHERE a.id = c.audit_id AND a.completed_at IS NOT NULL AND a.completed_at > c.created_at;--> statement-breakpoint
DELETE FROM audit_creations c USING audit_creations d WHERE c.audit_id = d.audit_id AND c.id > d.id;--> statement-breakpoint
DROP INDEX IF EXISTS audit_creations_audit_idx;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_creations_audit_key" ON "audit_creations" USING btree ("audit_id");--> statement-breakpoint
-- An audit's first run that ends (complete, or error while storing) records it, dated by its
-- completion (else now); later runs of the same audit (a re-run after an error, a recompute) find
-- the row there and count nothing more.
CREATE FUNCTION audits_count_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_creations (organization_id, audit_id, created_at) VALUES (NEW.organization_id, NEW.id, coalesce(NEW.completed_at, now()))
    ON CONFLICT (audit_id) DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audits_count_run AFTER INSERT OR UPDATE OF status ON audits FOR EACH ROW
  WHEN (NEW.status IN ('complete', 'error')) EXECUTE FUNCTION audits_count_run();
