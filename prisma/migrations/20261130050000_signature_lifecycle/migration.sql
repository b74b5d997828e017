-- Failure signatures get a lifecycle: open → resolved / ignored; a resolved signature seen again
-- becomes regressed; an ignore ends at a date or after a number of further calls. Every change
-- is kept in signature_events (who, when, from, to).
ALTER TABLE "failure_signatures"
  ADD COLUMN "status" TEXT NOT NULL DEFAULT 'open',
  ADD COLUMN "status_changed_at" TIMESTAMPTZ(3),
  ADD COLUMN "ignore_until" TIMESTAMPTZ(3),
  ADD COLUMN "ignore_until_calls" INTEGER,
  ADD CONSTRAINT "failure_signatures_status_check"
    CHECK ("status" IN ('open', 'resolved', 'ignored', 'regressed'));

CREATE INDEX "failure_signatures_project_id_status_idx" ON "failure_signatures" ("project_id", "status");

CREATE TABLE "signature_events" (
  "project_id" UUID NOT NULL,
  "signature" TEXT NOT NULL,
  "id" BIGINT GENERATED ALWAYS AS IDENTITY,
  "at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "actor" TEXT NOT NULL,
  "from_status" TEXT NOT NULL,
  "to_status" TEXT NOT NULL,
  "detail" TEXT,
  CONSTRAINT "signature_events_pkey" PRIMARY KEY ("project_id", "signature", "id")
);
