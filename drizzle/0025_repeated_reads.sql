-- Serialised items (GS1 (01) + (21)) read again after their first read: not counted, listed
-- apart in the results (DESIGN.md section 5 rule 1). One row per repeated read, in reading
-- order; deleted with the audit.
CREATE TABLE "audit_repeated_reads" (
	"audit_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"line" integer NOT NULL,
	"scan_value" text NOT NULL,
	"sku" text,
	"product_name" text,
	"gtin" text NOT NULL,
	"serial" text NOT NULL,
	"first_file_name" text NOT NULL,
	"first_line" integer NOT NULL,
	CONSTRAINT "audit_repeated_reads_audit_id_position_pk" PRIMARY KEY("audit_id","position")
);
--> statement-breakpoint
ALTER TABLE "audit_repeated_reads" ADD CONSTRAINT "audit_repeated_reads_audit_id_audits_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audits"("id") ON DELETE cascade ON UPDATE no action;
