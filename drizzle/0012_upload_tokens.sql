CREATE TABLE "upload_tokens" (
	"token" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ALTER COLUMN "audit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD COLUMN "upload_token" uuid;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_tokens_expires_idx" ON "upload_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_upload_token_upload_tokens_token_fk" FOREIGN KEY ("upload_token") REFERENCES "public"."upload_tokens"("token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_file_chunks_upload_token_idx" ON "stored_file_chunks" USING btree ("upload_token");--> statement-breakpoint
ALTER TABLE "stored_file_chunks" ADD CONSTRAINT "stored_file_chunks_owner" CHECK ("stored_file_chunks"."audit_id" is not null or "stored_file_chunks"."upload_token" is not null);