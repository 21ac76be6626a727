-- docs/decisions/0094: stored upload chunks are compressed with lz4 where the server was built
-- with it (Debian's PostgreSQL is), and stored uncompressed elsewhere (PGlite has no lz4, and its
-- default pglz took twice to three times as long as no compression), instead of PostgreSQL's
-- default pglz. Chunks already stored keep how they were stored.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)) THEN
    ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET COMPRESSION lz4;
  ELSE
    ALTER TABLE "stored_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;
  END IF;
END $$;
