-- Daily counts per failure signature, derived from the hourly ones (signature_rollups) by the hourly
-- upkeep (lib/ingest/signature-days.ts), never by ingest: a month of the Failures page sums thirty rows
-- per signature instead of seven hundred, and the request path writes nothing more. built_through says
-- up to which day (exclusive) a project's daily rows hold every hourly row there was when they were
-- built; pages read later days from the hourly rows.
CREATE TABLE "signature_day_rollups" (
  "project_id" UUID NOT NULL,
  "signature" TEXT NOT NULL,
  "day" TIMESTAMPTZ(3) NOT NULL,
  "calls" INTEGER NOT NULL,
  PRIMARY KEY ("project_id", "signature", "day")
);
CREATE INDEX "signature_day_rollups_project_id_day_idx" ON "signature_day_rollups" ("project_id", "day");

CREATE TABLE "signature_day_builds" (
  "project_id" UUID NOT NULL PRIMARY KEY,
  "built_through" TIMESTAMPTZ(3) NOT NULL,
  "built_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
