-- Daily counts per failure signature, beside the hourly ones (signature_rollups): a month of the
-- Failures page sums thirty rows per signature instead of seven hundred. Written in the same
-- statements as the hourly rows (lib/ingest/read-model-writes.ts), keyed by the UTC day of each hour;
-- the page reads whole days here and the window's partial days from the hourly rows.
CREATE TABLE "signature_day_rollups" (
  "project_id" UUID NOT NULL,
  "signature" TEXT NOT NULL,
  "day" TIMESTAMPTZ(3) NOT NULL,
  "calls" INTEGER NOT NULL,
  PRIMARY KEY ("project_id", "signature", "day")
);
CREATE INDEX "signature_day_rollups_project_id_day_idx" ON "signature_day_rollups" ("project_id", "day");

INSERT INTO "signature_day_rollups" ("project_id", "signature", "day", "calls")
SELECT "project_id", "signature", date_trunc('day', "bucket_start", 'UTC'), sum("calls")::int
  FROM "signature_rollups"
 GROUP BY 1, 2, 3;
