-- Weekly counts per failure signature (Monday to Sunday, UTC), summed from the daily ones by the same
-- hourly upkeep pass that builds them (lib/ingest/signature-days.ts): a month of the Failures page reads
-- four weeks and the odd days per signature instead of thirty days. They hold whole weeks before the
-- week signature_day_builds.built_through falls in.
CREATE TABLE "signature_week_rollups" (
  "project_id" UUID NOT NULL,
  "signature" TEXT NOT NULL,
  "week" TIMESTAMPTZ(3) NOT NULL,
  "calls" INTEGER NOT NULL,
  PRIMARY KEY ("project_id", "signature", "week")
);
CREATE INDEX "signature_week_rollups_project_id_week_idx" ON "signature_week_rollups" ("project_id", "week");
