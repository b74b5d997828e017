-- Dashboard read models, maintained at ingest: failure signatures (with hourly counts for
-- sparklines), silent-success groups (with their review status), and a duration histogram
-- on the rollups so p95 can be read without scanning calls.

ALTER TABLE "call_rollups" ADD COLUMN "duration_histogram" INTEGER[] NOT NULL DEFAULT '{}';

CREATE TABLE "failure_signatures" (
    "project_id" UUID NOT NULL,
    "signature" TEXT NOT NULL,
    "server" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "error_code" TEXT NOT NULL,
    "silent_failure" BOOLEAN NOT NULL,
    "example_text" TEXT NOT NULL,
    "first_seen" TIMESTAMPTZ(3) NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL,
    "calls" INTEGER NOT NULL,
    CONSTRAINT "failure_signatures_pkey" PRIMARY KEY ("project_id", "signature")
);
CREATE INDEX "failure_signatures_project_id_last_seen_idx" ON "failure_signatures"("project_id", "last_seen" DESC);

CREATE TABLE "signature_rollups" (
    "project_id" UUID NOT NULL,
    "signature" TEXT NOT NULL,
    "bucket_start" TIMESTAMPTZ(3) NOT NULL,
    "calls" INTEGER NOT NULL,
    CONSTRAINT "signature_rollups_pkey" PRIMARY KEY ("project_id", "signature", "bucket_start")
);
CREATE INDEX "signature_rollups_project_id_bucket_start_idx" ON "signature_rollups"("project_id", "bucket_start");

CREATE TABLE "silent_groups" (
    "project_id" UUID NOT NULL,
    "server" TEXT NOT NULL,
    "tool" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "status_changed_at" TIMESTAMPTZ(3),
    "calls" INTEGER NOT NULL,
    "first_seen" TIMESTAMPTZ(3) NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL,
    "example_text" TEXT NOT NULL,
    CONSTRAINT "silent_groups_pkey" PRIMARY KEY ("project_id", "server", "tool", "reason"),
    CONSTRAINT "silent_groups_status_check" CHECK ("status" IN ('open', 'confirmed', 'dismissed'))
);

-- Example texts of a silent-success group, newest first, without scanning successes.
CREATE INDEX "calls_silent_failure_idx" ON "calls"("project_id", "server", "tool", "occurred_at" DESC) WHERE "silent_failure";
