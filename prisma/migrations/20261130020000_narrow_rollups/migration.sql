-- Two narrow rollups instead of one wide one: a chart or table then reads only the rows it
-- shows (a 30-day Tools page read every hour x tool x outcome x category x code row), and a
-- batch upserts far fewer rows. Existing counts are carried over.

CREATE TABLE "outcome_rollups" (
    "project_id" UUID NOT NULL,
    "granularity" TEXT NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "server" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "error_code" TEXT NOT NULL,
    "calls" INTEGER NOT NULL,
    "silent_failures" INTEGER NOT NULL,
    "partials" INTEGER NOT NULL,
    "empties" INTEGER NOT NULL,
    "wasted_retries" INTEGER NOT NULL,
    "retryable" INTEGER NOT NULL,
    "with_error_code" INTEGER NOT NULL,
    CONSTRAINT "outcome_rollups_pkey" PRIMARY KEY ("project_id", "granularity", "bucket_start", "method", "server", "outcome", "category", "error_code"),
    CONSTRAINT "outcome_rollups_granularity_check" CHECK ("granularity" IN ('minute', 'hour', 'day'))
);
CREATE INDEX "outcome_rollups_granularity_bucket_start_idx" ON "outcome_rollups"("granularity", "bucket_start");

CREATE TABLE "tool_rollups" (
    "project_id" UUID NOT NULL,
    "granularity" TEXT NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "method" TEXT NOT NULL,
    "server" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "calls" INTEGER NOT NULL,
    "failures" INTEGER NOT NULL,
    "silent_failures" INTEGER NOT NULL,
    "tool_errors" INTEGER NOT NULL,
    "protocol_errors" INTEGER NOT NULL,
    "transport_errors" INTEGER NOT NULL,
    "with_error_code" INTEGER NOT NULL,
    "opaque_errors" INTEGER NOT NULL,
    "raw_exceptions" INTEGER NOT NULL,
    "duration_ms_sum" DOUBLE PRECISION NOT NULL,
    "duration_count" INTEGER NOT NULL,
    "duration_histogram" INTEGER[] NOT NULL DEFAULT '{}',
    CONSTRAINT "tool_rollups_pkey" PRIMARY KEY ("project_id", "granularity", "bucket_start", "method", "server", "tool"),
    CONSTRAINT "tool_rollups_granularity_check" CHECK ("granularity" IN ('minute', 'hour', 'day'))
);
CREATE INDEX "tool_rollups_granularity_bucket_start_idx" ON "tool_rollups"("granularity", "bucket_start");

INSERT INTO "outcome_rollups"
SELECT project_id, granularity, bucket_start, method, server, outcome, category, error_code, sum(calls), sum(silent_failures),
       sum(partials), sum(empties), sum(wasted_retries), sum(retryable), sum(with_error_code)
  FROM "call_rollups"
 GROUP BY project_id, granularity, bucket_start, method, server, outcome, category, error_code;

WITH cells AS (
  SELECT project_id, granularity, bucket_start, method, server, tool, h.n, sum(h.v)::int AS v
    FROM "call_rollups", unnest(duration_histogram) WITH ORDINALITY AS h(v, n)
   GROUP BY project_id, granularity, bucket_start, method, server, tool, h.n
), histograms AS (
  SELECT project_id, granularity, bucket_start, method, server, tool, array_agg(v ORDER BY n) AS histogram
    FROM cells GROUP BY project_id, granularity, bucket_start, method, server, tool
)
INSERT INTO "tool_rollups"
SELECT r.project_id, r.granularity, r.bucket_start, r.method, r.server, r.tool, r.calls, r.failures, r.silent_failures,
       r.tool_errors, r.protocol_errors, r.transport_errors, r.with_error_code, r.opaque_errors, r.raw_exceptions,
       r.duration_ms_sum, r.duration_count, coalesce(h.histogram, '{}')
  FROM (
    SELECT project_id, granularity, bucket_start, method, server, tool, sum(calls)::int AS calls,
           (coalesce(sum(calls) FILTER (WHERE outcome <> 'ok'), 0) + sum(silent_failures))::int AS failures,
           sum(silent_failures)::int AS silent_failures,
           coalesce(sum(calls) FILTER (WHERE outcome = 'tool_error'), 0)::int AS tool_errors,
           coalesce(sum(calls) FILTER (WHERE outcome = 'protocol_error'), 0)::int AS protocol_errors,
           coalesce(sum(calls) FILTER (WHERE outcome = 'transport_error'), 0)::int AS transport_errors,
           sum(with_error_code)::int AS with_error_code, sum(opaque_errors)::int AS opaque_errors,
           sum(raw_exceptions)::int AS raw_exceptions, sum(duration_ms_sum) AS duration_ms_sum,
           sum(duration_count)::int AS duration_count
      FROM "call_rollups"
     GROUP BY project_id, granularity, bucket_start, method, server, tool
  ) r
  LEFT JOIN histograms h USING (project_id, granularity, bucket_start, method, server, tool);

DROP TABLE "call_rollups";
