-- The fold queue (docs/SCALING.md): an ingest transaction stores its calls and one row here naming
-- what they add to the rollups and read models (and, for a call merged with another route's report,
-- what its stored version takes back). A folder applies rows oldest first and deletes them in the
-- same transaction, so each is folded exactly once: a crash before its commit leaves the rows for
-- the next fold. The figures ingest no longer writes are the rows this queue holds until then.
CREATE TABLE "fold_queue" (
  "project_id" UUID NOT NULL REFERENCES "projects" ("id") ON DELETE CASCADE,
  "seq" BIGSERIAL NOT NULL,
  "enqueued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT clock_timestamp(),
  -- Calls as the folds read them (lib/ingest/fold.ts): counted once (+1), taken back (-1).
  "added" JSONB NOT NULL,
  "removed" JSONB NOT NULL,
  PRIMARY KEY ("project_id", "seq")
);
-- Folds take the oldest rows of every project.
CREATE INDEX "fold_queue_seq_idx" ON "fold_queue" ("seq");
