-- The server report card and the session timeline (docs/REPORT-CARD.md, docs/SESSIONS.md).
--
-- 1. Three flags the classifier now sets (lib/classify): retry_hint (the failure says whether a
--    retry can help), code_in_prose (its code was read from its words only), secret_masked (a secret
--    was masked in its text). Calls stored before this migration cannot be classified again (their
--    payloads were never kept), so they get the flags from what was stored, as closely as that allows:
--    an explicit verdict shows where `retryable` disagrees with its category's default or the text
--    quotes a retry hint, a code that means "try later" is one of the known ones; a code in prose is a
--    JSON-RPC code carried only in an isError text (protocol_error_in_result), a status quoted by a
--    tool error, or the code of a silent failure read from an error line; a masked secret left
--    "[REDACTED]" in the text.
UPDATE "calls" SET "flags" = "flags" || ARRAY['retry_hint']
 WHERE "outcome" <> 'transport_error' AND ("outcome" <> 'ok' OR "silent_failure")
   AND NOT ('retry_hint' = ANY("flags"))
   AND ("retryable" IS DISTINCT FROM ("category" IN ('transient', 'rate_limited', 'internal'))
        OR "text" ~* '(is_?retryable|retriable|retryable)["'']?[ \t]*:[ \t]*(true|false)'
        OR "text" ~* 'retry[ _-]?after'
        OR "text" ~* '(retry|try again)[ \t]+(in|after)[ \t]+(about[ \t]+)?[0-9]'
        OR "error_code" ~ '^http_(408|429|502|503|504)$'
        OR lower("error_code") ~ '^(rate_?limit|too_many|throttled|upstream_unreachable|upstream_timeout|token_refresh_failed|platform_db_unavailable|service_unavailable|unavailable$|timeout$|timed_out$|deadline_exceeded$)');

UPDATE "calls" SET "flags" = "flags" || ARRAY['code_in_prose']
 WHERE "error_code" IS NOT NULL AND NOT ('code_in_prose' = ANY("flags"))
   AND (("outcome" = 'tool_error' AND ('protocol_error_in_result' = ANY("flags") OR "error_code" ~ '^http_[0-9]{3}$'))
        OR ("outcome" = 'ok' AND "silent_failure" AND "flags" && ARRAY['error_text', 'http_error_text']
            AND left(ltrim("text"), 1) NOT IN ('{', '[')));

UPDATE "calls" SET "flags" = "flags" || ARRAY['secret_masked']
 WHERE position('[REDACTED]' IN "text") > 0 AND NOT ('secret_masked' = ANY("flags"));

-- 2. Per server and tool, the counters the card reads (lib/rollups/hygiene.ts), kept at ingest from
--    now on and backfilled here from the calls still stored (the same conditions as in that file).
ALTER TABLE "tool_rollups"
    ADD COLUMN "no_error_codes" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "codes_in_prose" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "retry_hints" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "wasted_retries" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "secrets_masked" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "validation_as_protocol" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "internal_for_validation" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "unknown_tool_results" INTEGER NOT NULL DEFAULT 0;

CREATE TEMPORARY TABLE "hygiene_backfill" ON COMMIT DROP AS
SELECT "project_id", "occurred_at", "method", "server", coalesce("tool", '') AS "tool",
       ('no_error_code' = ANY("flags"))::int AS "no_error_codes",
       ('code_in_prose' = ANY("flags"))::int AS "codes_in_prose",
       ('retry_hint' = ANY("flags"))::int AS "retry_hints",
       ('wasted_retry' = ANY("flags"))::int AS "wasted_retries",
       ('secret_masked' = ANY("flags"))::int AS "secrets_masked",
       ('validation_as_protocol_error' = ANY("flags"))::int AS "validation_as_protocol",
       ("outcome" = 'protocol_error' AND "category" IN ('validation', 'unknown_tool') AND "error_code" = '-32603')::int
           AS "internal_for_validation",
       ("outcome" = 'tool_error' AND "category" = 'unknown_tool')::int AS "unknown_tool_results"
  FROM "calls"
 WHERE "flags" && ARRAY['no_error_code', 'code_in_prose', 'retry_hint', 'wasted_retry', 'secret_masked',
                        'validation_as_protocol_error']
    OR ("outcome" = 'protocol_error' AND "error_code" = '-32603')
    OR ("outcome" = 'tool_error' AND "category" = 'unknown_tool');

UPDATE "tool_rollups" t SET
    "no_error_codes" = b."no_error_codes", "codes_in_prose" = b."codes_in_prose", "retry_hints" = b."retry_hints",
    "wasted_retries" = b."wasted_retries", "secrets_masked" = b."secrets_masked",
    "validation_as_protocol" = b."validation_as_protocol", "internal_for_validation" = b."internal_for_validation",
    "unknown_tool_results" = b."unknown_tool_results"
  FROM (
    SELECT "project_id", g."granularity",
           to_timestamp(floor(extract(epoch FROM "occurred_at") / g."seconds") * g."seconds") AS "bucket_start",
           "method", "server", "tool",
           sum("no_error_codes")::int AS "no_error_codes", sum("codes_in_prose")::int AS "codes_in_prose",
           sum("retry_hints")::int AS "retry_hints", sum("wasted_retries")::int AS "wasted_retries",
           sum("secrets_masked")::int AS "secrets_masked", sum("validation_as_protocol")::int AS "validation_as_protocol",
           sum("internal_for_validation")::int AS "internal_for_validation",
           sum("unknown_tool_results")::int AS "unknown_tool_results"
      FROM "hygiene_backfill"
     CROSS JOIN (VALUES ('minute', 60), ('hour', 3600), ('day', 86400)) AS g("granularity", "seconds")
     GROUP BY 1, 2, 3, 4, 5, 6) b
 WHERE t."project_id" = b."project_id" AND t."granularity" = b."granularity" AND t."bucket_start" = b."bucket_start"
   AND t."method" = b."method" AND t."server" = b."server" AND t."tool" = b."tool";

-- 3. A session's calls in time order, paged by keyset (the timeline): (occurred_at, id) within one session.
CREATE INDEX "calls_session_time_idx" ON "calls" ("project_id", "session_id", "occurred_at", "id")
    WHERE "session_id" IS NOT NULL;

-- 4. Agent sessions (the sessions list): per session key, its calls, failures, first and last call and
--    whether the last one failed, kept at ingest (lib/ingest/read-model-writes.ts) and backfilled here.
CREATE TABLE "agent_sessions" (
    "project_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "last_call_id" TEXT NOT NULL,
    "last_failed" BOOLEAN NOT NULL,
    "calls" INTEGER NOT NULL,
    "failures" INTEGER NOT NULL,
    "agent" TEXT,
    "servers" TEXT[] NOT NULL DEFAULT '{}',
    CONSTRAINT "agent_sessions_pkey" PRIMARY KEY ("project_id", "session_id")
);
CREATE INDEX "agent_sessions_project_id_last_at_idx" ON "agent_sessions" ("project_id", "last_at" DESC);

INSERT INTO "agent_sessions" ("project_id", "session_id", "first_at", "last_at", "last_call_id", "last_failed",
                              "calls", "failures", "agent", "servers")
SELECT s."project_id", s."session_id", s."first_at", l."occurred_at", l."id", l."failed", s."calls", s."failures",
       l."agent", s."servers"
  FROM (SELECT "project_id", "session_id", min("occurred_at") AS "first_at", count(*)::int AS "calls",
               count(*) FILTER (WHERE "outcome" <> 'ok' OR "silent_failure")::int AS "failures",
               (array_agg(DISTINCT "server" ORDER BY "server"))[1:20] AS "servers"
          FROM "calls" WHERE "session_id" IS NOT NULL GROUP BY 1, 2) s
  JOIN LATERAL (
    SELECT c."occurred_at", c."id", (c."outcome" <> 'ok' OR c."silent_failure") AS "failed",
           (SELECT a."agent" FROM "calls" a
             WHERE a."project_id" = s."project_id" AND a."session_id" = s."session_id" AND a."agent" IS NOT NULL
             ORDER BY a."occurred_at" DESC, a."id" DESC LIMIT 1) AS "agent"
      FROM "calls" c
     WHERE c."project_id" = s."project_id" AND c."session_id" = s."session_id"
     ORDER BY c."occurred_at" DESC, c."id" DESC LIMIT 1) l ON true;
