-- A scan file being uploaded is written under a staging upload token of its own and handed to its
-- audit in the transaction that records it (docs/decisions/0104): a server killed mid-way leaves
-- only a staging token, which lapses like any token and takes its chunks along. Staging tokens are
-- never shown to a client nor counted among an organisation's live preview tokens.
ALTER TABLE "upload_tokens" ADD COLUMN "staging" boolean DEFAULT false NOT NULL;
