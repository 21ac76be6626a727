CREATE TABLE "stored_file_chunks" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"organization_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "stored_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "processing_job" jsonb;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "job_token" uuid;--> statement-breakpoint
ALTER TABLE "audits" ADD COLUMN "job_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scan_files" ADD COLUMN "stored_file_id" uuid;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_file_chunks_audit_idx" ON "stored_file_chunks" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audits_processing_idx" ON "audits" USING btree ("job_heartbeat_at") WHERE status = 'processing';