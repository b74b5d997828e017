-- calls becomes range-partitioned by occurred_at, one partition per UTC day (calls_YYYYMMDD), so
-- retention drops whole days instead of deleting rows (lib/ingest/partitions.ts,
-- lib/ingest/maintenance.ts). A partitioned table's unique keys must contain the partition key,
-- so the idempotency key (project_id, id) moves to a table of its own, call_ids, written in the
-- same statement as the call (lib/ingest/write.ts); calls' own key becomes
-- (project_id, id, occurred_at). docs/SCALING.md §5 says what is guaranteed.
--
-- In place, without copying the calls: the old table is renamed and attached whole as one
-- partition covering everything before the day after tomorrow (calls_legacy); new days get
-- partitions of their own. Its rows are deleted by retention as before (in chunks) until its last
-- day is past every project's retention, and then it is dropped like any other partition. The
-- cost is proportional to the rows stored, under an exclusive lock on the old table for the whole
-- migration (ingest waits, pages wait): one scan to check the partition bound, one index build
-- (project_id, id, occurred_at) and call_ids filled and indexed. Measured in docs/SCALING.md.

-- 1. The old table keeps its rows and its nine secondary indexes, under other names; its
--    primary key (project_id, id) is dropped: call_ids holds that guarantee now.
ALTER TABLE "calls" RENAME TO "calls_legacy";
ALTER TABLE "calls_legacy" DROP CONSTRAINT "calls_pkey";
ALTER INDEX "calls_project_id_occurred_at_id_idx" RENAME TO "calls_legacy_occurred_at_idx";
ALTER INDEX "calls_project_id_error_code_occurred_at_idx" RENAME TO "calls_legacy_error_code_idx";
ALTER INDEX "calls_project_id_outcome_occurred_at_idx" RENAME TO "calls_legacy_outcome_idx";
ALTER INDEX "calls_project_id_server_tool_occurred_at_idx" RENAME TO "calls_legacy_server_tool_idx";
ALTER INDEX "calls_project_id_session_id_tool_occurred_at_idx" RENAME TO "calls_legacy_session_idx";
ALTER INDEX "calls_project_id_signature_occurred_at_idx" RENAME TO "calls_legacy_signature_idx";
ALTER INDEX "calls_silent_failure_idx" RENAME TO "calls_legacy_silent_failure_idx";
ALTER INDEX "calls_search_trgm_idx" RENAME TO "calls_legacy_search_trgm_idx";
ALTER INDEX "calls_session_time_idx" RENAME TO "calls_legacy_session_time_idx";

-- 2. The partitioned table: the same columns in the same order, the same checks and indexes.
CREATE TABLE "calls" (
    "project_id" UUID NOT NULL,
    -- Bytewise, as since 20261202120000_call_id_bytewise: a partial id's LIKE 'prefix%' is a range of the key.
    "id" TEXT COLLATE "C" NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "duration_ms" DOUBLE PRECISION,
    "server" TEXT NOT NULL,
    "tool" TEXT,
    "method" TEXT NOT NULL,
    "session_id" TEXT,
    "agent" TEXT,
    "attempt" INTEGER,
    "http_status" INTEGER,
    "transport_error" TEXT,
    "protocol_version" TEXT,
    "outcome" TEXT NOT NULL,
    "category" TEXT,
    "error_code" TEXT,
    "retryable" BOOLEAN,
    "silent_failure" BOOLEAN NOT NULL,
    "partial" BOOLEAN NOT NULL,
    "empty" BOOLEAN NOT NULL,
    "flags" TEXT[],
    "text" TEXT NOT NULL,
    "text_length" INTEGER NOT NULL,
    "signature" TEXT NOT NULL,
    "arguments_hash" TEXT,
    CONSTRAINT "calls_pkey" PRIMARY KEY ("project_id", "id", "occurred_at"),
    CONSTRAINT "calls_outcome_check" CHECK ("outcome" IN ('ok', 'tool_error', 'protocol_error', 'transport_error')),
    CONSTRAINT "calls_category_check" CHECK ("category" IS NULL OR "category" IN ('transient', 'rate_limited', 'validation', 'unknown_tool', 'business', 'permission', 'auth', 'internal', 'unknown'))
) PARTITION BY RANGE ("occurred_at");
CREATE INDEX "calls_project_id_occurred_at_id_idx" ON "calls"("project_id", "occurred_at" DESC, "id" DESC);
CREATE INDEX "calls_project_id_error_code_occurred_at_idx" ON "calls"("project_id", "error_code", "occurred_at" DESC);
CREATE INDEX "calls_project_id_outcome_occurred_at_idx" ON "calls"("project_id", "outcome", "occurred_at" DESC);
CREATE INDEX "calls_project_id_server_tool_occurred_at_idx" ON "calls"("project_id", "server", "tool", "occurred_at" DESC);
CREATE INDEX "calls_project_id_session_id_tool_occurred_at_idx" ON "calls"("project_id", "session_id", "tool", "occurred_at" DESC);
CREATE INDEX "calls_project_id_signature_occurred_at_idx" ON "calls"("project_id", "signature", "occurred_at" DESC);
CREATE INDEX "calls_silent_failure_idx" ON "calls"("project_id", "server", "tool", "occurred_at" DESC) WHERE "silent_failure";
CREATE INDEX "calls_session_time_idx" ON "calls" ("project_id", "session_id", "occurred_at", "id")
    WHERE "session_id" IS NOT NULL;
CREATE INDEX "calls_search_trgm_idx" ON "calls"
    USING gin ((coalesce("tool", '') || ' ' || coalesce("error_code", '') || ' ' || "text") gin_trgm_ops);

-- Calls on a day with no partition of its own: before the oldest day any project keeps, or while
-- a day's partition could not be created yet. The upkeep moves rows out of it into their day's
-- partition once that exists, and deletes expired ones in chunks; it stays small.
CREATE TABLE "calls_default" PARTITION OF "calls" DEFAULT;

-- 3. The idempotency key: one row per stored call, for as long as the call is stored.
CREATE TABLE "call_ids" (
    "project_id" UUID NOT NULL,
    "id" TEXT COLLATE "C" NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL
);
INSERT INTO "call_ids" ("project_id", "id", "occurred_at")
SELECT "project_id", "id", "occurred_at" FROM "calls_legacy";
ALTER TABLE "call_ids" ADD CONSTRAINT "call_ids_pkey" PRIMARY KEY ("project_id", "id");
-- Retention removes a dropped day's ids by this index.
CREATE INDEX "call_ids_occurred_at_idx" ON "call_ids"("occurred_at");

-- 4. Attach the old rows (their nine indexes are taken over as the parent's; the new key is
--    built), or drop the empty old table on a new installation; then partitions for the days ahead.
DO $$
DECLARE
  today timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  first_day timestamptz;
  day timestamptz;
BEGIN
  IF EXISTS (SELECT 1 FROM "calls_legacy") THEN
    -- A stored call is at most 24 hours ahead of its receive time (lib/schemas/call.ts).
    EXECUTE format('ALTER TABLE "calls" ATTACH PARTITION "calls_legacy" FOR VALUES FROM (MINVALUE) TO (%L)',
                   today + interval '2 days');
    first_day := today + interval '2 days';
  ELSE
    DROP TABLE "calls_legacy";
    first_day := today - interval '1 day';
  END IF;
  day := first_day;
  WHILE day < today + interval '4 days' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "calls" FOR VALUES FROM (%L) TO (%L)',
                   'calls_' || to_char(day AT TIME ZONE 'UTC', 'YYYYMMDD'), day, day + interval '1 day');
    day := day + interval '1 day';
  END LOOP;
END $$;
