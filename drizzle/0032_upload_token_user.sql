-- A catalogue or quantity file previewed in the import dialogs is kept under an upload token too
-- (docs/decisions/0161): each change of a preview choice and the final import name the token
-- instead of sending the file again. Such a token is the user's as well as the organisation's:
-- another user's token answers 404 like an unknown one. Older tokens (scan files) have no user.
ALTER TABLE "upload_tokens" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
