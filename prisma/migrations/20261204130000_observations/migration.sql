-- One call, several observations (docs/ROUTES.md): a call seen by several routes (the proxy, the
-- server instrumentation, the client reporter, OTLP, the webhook) is stored once, with each
-- route's observation kept.
--   routes: who observed the call (a route, or otlp:client / otlp:server); '{}' for calls stored
--           before routes were recorded.
--   observations: each observation's evidence and verdict, for a call that can be matched with
--           another route's report (it has a key); null for a call that stands alone.
--   trace_key / request_key / loose_key: what the call is found by when another observation of it
--           arrives (the request's trace context; method, tool and JSON-RPC id; method, tool and
--           arguments fingerprint), each looked up within a window around the call's start.
ALTER TABLE "calls" ADD COLUMN "routes" TEXT[] NOT NULL DEFAULT '{}';
ALTER TABLE "calls" ADD COLUMN "trace_key" TEXT;
ALTER TABLE "calls" ADD COLUMN "request_key" TEXT;
ALTER TABLE "calls" ADD COLUMN "loose_key" TEXT;
ALTER TABLE "calls" ADD COLUMN "observations" JSONB;
CREATE INDEX "calls_trace_key_idx" ON "calls" ("project_id", "trace_key", "occurred_at") WHERE "trace_key" IS NOT NULL;
CREATE INDEX "calls_request_key_idx" ON "calls" ("project_id", "request_key", "occurred_at") WHERE "request_key" IS NOT NULL;
CREATE INDEX "calls_loose_key_idx" ON "calls" ("project_id", "loose_key", "occurred_at") WHERE "loose_key" IS NOT NULL;

-- An observation's id is claimed in call_ids like a call's (a re-sent observation is a
-- duplicate); call_id names the call it joined, when another observation started that call.
ALTER TABLE "call_ids" ADD COLUMN "call_id" TEXT;

-- Writers of observations that could be one call take turns on these rows (lib/ingest/correlate):
-- at most 65,536 a project, locked with ON CONFLICT DO UPDATE … WHERE false (a row lock, never a
-- write, never an entry in PostgreSQL's shared lock table).
CREATE TABLE "ingest_key_locks" (
    "project_id" UUID NOT NULL,
    "bucket" INTEGER NOT NULL,
    CONSTRAINT "ingest_key_locks_pkey" PRIMARY KEY ("project_id", "bucket")
);
