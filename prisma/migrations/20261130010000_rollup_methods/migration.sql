-- Rollups by method: failure rates and tool statistics count tools/call; other methods
-- (initialize, tools/list, resources/read…) are stored and counted apart. Rows written
-- before this migration are counted as tools/call.

ALTER TABLE "call_rollups" ADD COLUMN "method" TEXT NOT NULL DEFAULT 'tools/call';
ALTER TABLE "call_rollups" DROP CONSTRAINT "call_rollups_pkey";
ALTER TABLE "call_rollups" ADD CONSTRAINT "call_rollups_pkey"
    PRIMARY KEY ("project_id", "granularity", "bucket_start", "method", "server", "tool", "outcome", "category", "error_code");
