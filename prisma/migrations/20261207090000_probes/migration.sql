-- Probes (docs/PROBES.md): a named check of one MCP server, run on a schedule — the handshake,
-- tools/list, and optionally one tools/call — whose steps are stored as calls on the `probe`
-- route (out of the traffic rollups) and whose tool list is compared with the previous run's.
-- HTTP probes are run by the instance: the row is the schedule, claimed with a lease
-- (`next_run_at`, `leased_until`), so each run happens once across instances. Stdio probes are
-- run by `faultline-probe` where the server runs, and report their runs.
CREATE TABLE "probes" (
  "project_id" UUID NOT NULL REFERENCES "projects" ("id") ON DELETE CASCADE,
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "name" TEXT NOT NULL,
  "server" TEXT NOT NULL,
  "transport" TEXT NOT NULL CHECK ("transport" IN ('http', 'sse', 'stdio')),
  "url" TEXT,
  "command" TEXT[],
  -- Sent with every request of an HTTP probe (Authorization …): secrets, written, never shown back.
  "headers" JSONB NOT NULL DEFAULT '{}',
  "interval_seconds" INTEGER NOT NULL CHECK ("interval_seconds" > 0),
  "timeout_ms" INTEGER NOT NULL,
  -- { tool, arguments, expect? } or NULL for a probe that only connects and lists tools.
  "call" JSONB,
  "enabled" BOOLEAN NOT NULL DEFAULT true,
  "next_run_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "leased_until" TIMESTAMPTZ(3),
  -- The tool list of the last run that listed tools (lib/probes/drift.ts), to compare the next with.
  "last_tools" JSONB,
  "last_fingerprint" TEXT,
  "created_by" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("project_id", "id"),
  UNIQUE ("project_id", "name"),
  CHECK (("transport" = 'stdio') = ("command" IS NOT NULL)),
  CHECK (("transport" = 'stdio') = ("url" IS NULL))
);
CREATE INDEX "probes_due" ON "probes" ("next_run_at") WHERE "enabled" AND "transport" <> 'stdio';

-- One run of a probe: each step (method, ok, duration, the call it stored) and the drift found.
CREATE TABLE "probe_runs" (
  "project_id" UUID NOT NULL,
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "probe_id" UUID NOT NULL,
  "server" TEXT NOT NULL,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  "duration_ms" INTEGER NOT NULL,
  "ok" BOOLEAN NOT NULL,
  -- Why the run failed, in one line (the first failing step's or assertion's reason).
  "reason" TEXT,
  "steps" JSONB NOT NULL,
  "drift" JSONB NOT NULL DEFAULT '[]',
  -- 'breaking' | 'warning' | 'info': the worst drift of the run, for the alerts and the card.
  "drift_severity" TEXT CHECK ("drift_severity" IN ('breaking', 'warning', 'info')),
  -- Who ran it: 'instance' or 'faultline-probe'.
  "runner" TEXT NOT NULL,
  PRIMARY KEY ("project_id", "id"),
  FOREIGN KEY ("project_id", "probe_id") REFERENCES "probes" ("project_id", "id") ON DELETE CASCADE
);
CREATE INDEX "probe_runs_by_probe" ON "probe_runs" ("project_id", "probe_id", "started_at" DESC);
CREATE INDEX "probe_runs_by_server" ON "probe_runs" ("project_id", "server", "started_at" DESC);

-- Alert rules on probes: a probe failing N of its last M runs, and a drift of a chosen kind.
ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_kind_check";
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_kind_check"
  CHECK ("kind" IN ('failure_rate', 'silent_failures', 'new_signature', 'regressed_signature', 'tool_silent',
                    'probe_failing', 'probe_drift'));
-- probe_failing: fires when a probe failed `threshold` of its last `of_runs` runs.
ALTER TABLE "alert_rules" ADD COLUMN "of_runs" INTEGER CHECK ("of_runs" BETWEEN 1 AND 100);
-- probe_drift: fires on a drift at least this severe.
ALTER TABLE "alert_rules" ADD COLUMN "drift_kind" TEXT CHECK ("drift_kind" IN ('breaking', 'warning', 'info'));
