-- Faultline initial schema: projects, API keys, calls and their rollups.

CREATE TABLE "projects" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "retention_days" INTEGER NOT NULL DEFAULT 30,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "projects_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "projects_retention_days_check" CHECK ("retention_days" >= 1)
);
CREATE UNIQUE INDEX "projects_name_key" ON "projects"("name");

CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "api_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");
CREATE INDEX "api_keys_project_id_idx" ON "api_keys"("project_id");

CREATE TABLE "calls" (
    "project_id" UUID NOT NULL,
    "id" TEXT NOT NULL,
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
    CONSTRAINT "calls_pkey" PRIMARY KEY ("project_id", "id"),
    CONSTRAINT "calls_outcome_check" CHECK ("outcome" IN ('ok', 'tool_error', 'protocol_error', 'transport_error')),
    CONSTRAINT "calls_category_check" CHECK ("category" IS NULL OR "category" IN ('transient', 'rate_limited', 'validation', 'unknown_tool', 'business', 'permission', 'auth', 'internal', 'unknown'))
);
CREATE INDEX "calls_project_id_occurred_at_id_idx" ON "calls"("project_id", "occurred_at" DESC, "id" DESC);
CREATE INDEX "calls_project_id_error_code_occurred_at_idx" ON "calls"("project_id", "error_code", "occurred_at" DESC);
CREATE INDEX "calls_project_id_outcome_occurred_at_idx" ON "calls"("project_id", "outcome", "occurred_at" DESC);
CREATE INDEX "calls_project_id_server_tool_occurred_at_idx" ON "calls"("project_id", "server", "tool", "occurred_at" DESC);
CREATE INDEX "calls_project_id_session_id_tool_occurred_at_idx" ON "calls"("project_id", "session_id", "tool", "occurred_at" DESC);
CREATE INDEX "calls_project_id_signature_occurred_at_idx" ON "calls"("project_id", "signature", "occurred_at" DESC);

CREATE TABLE "call_rollups" (
    "project_id" UUID NOT NULL,
    "granularity" TEXT NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "server" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
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
    "opaque_errors" INTEGER NOT NULL,
    "raw_exceptions" INTEGER NOT NULL,
    "duration_ms_sum" DOUBLE PRECISION NOT NULL,
    "duration_count" INTEGER NOT NULL,
    CONSTRAINT "call_rollups_pkey" PRIMARY KEY ("project_id", "granularity", "bucket_start", "server", "tool", "outcome", "category", "error_code"),
    CONSTRAINT "call_rollups_granularity_check" CHECK ("granularity" IN ('minute', 'hour', 'day'))
);
-- Pruning old minute rows (and retention) deletes by granularity and age across projects.
CREATE INDEX "call_rollups_granularity_bucket_start_idx" ON "call_rollups"("granularity", "bucket_start");
