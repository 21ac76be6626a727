-- Unknown barcodes and recompute (DESIGN.md section 13; docs/decisions/0138, 0139).
-- A finished audit keeps its scan files so that it can be recomputed once an unknown value is
-- mapped to a product: each scan_files row of a complete audit names the stored file it was read
-- from (stored_file_chunks, kept with the audit) or the count session it was written from.
-- Audits finished before this migration keep neither: they cannot be recomputed and say so.
ALTER TABLE "scan_files" ADD COLUMN "kept_file_id" uuid;--> statement-breakpoint
ALTER TABLE "scan_files" ADD COLUMN "kept_count_session_id" uuid;--> statement-breakpoint
-- The recompute of an audit is a job (queue 'recompute-audit'): requested_at is set by whoever
-- asks (a mapping, a product created from an unknown value), the worker holding it writes its
-- token and heartbeat, and a finished run sets recomputed_at and clears the request it served.
ALTER TABLE "audits" ADD COLUMN "recompute_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "recompute_token" uuid;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "recompute_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "recomputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "recompute_error" text;
