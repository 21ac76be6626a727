-- Counting on the floor (DESIGN.md section 14, docs/decisions/0125): one count session per
-- counter and audit; its reads, each keyed by the id the counting device gave it (UUIDv7), so a
-- batch sent again stores nothing twice. The session is a scan file of the audit: its scan_files
-- row carries the session id as stored_file_id, and processing writes the reads out as that file.
CREATE TABLE "count_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"audit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "count_sessions" ADD CONSTRAINT "count_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "count_sessions_audit_user_key" ON "count_sessions" USING btree ("audit_id","user_id");--> statement-breakpoint
CREATE TABLE "count_reads" (
	"session_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"value" text,
	"quantity" numeric(18, 3),
	"location" text,
	"cancels" uuid,
	"read_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "count_reads_session_id_id_pk" PRIMARY KEY("session_id","id"),
	CONSTRAINT "count_reads_kind" CHECK ((value is not null and quantity is not null and cancels is null) or (value is null and quantity is null and cancels is not null))
);
--> statement-breakpoint
ALTER TABLE "count_reads" ADD CONSTRAINT "count_reads_session_id_count_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."count_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "count_reads_undo_idx" ON "count_reads" USING btree ("session_id","cancels") WHERE cancels is not null;
--> statement-breakpoint
-- Blind count (DESIGN.md section 14): true hides expected quantities on the count screen, false
-- shows them; null (every existing audit) is the default: blind for members, shown to admins.
ALTER TABLE "audits" ADD COLUMN "count_blind" boolean;
