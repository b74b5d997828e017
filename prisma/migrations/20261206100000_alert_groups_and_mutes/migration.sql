-- A failure_rate or silent_failures rule may alert for each server (or each tool) on its own:
-- `per`. Each group has its own state, repeats, resolve and dedup key in alert_rule_groups; the
-- rule's own state columns then summarise its groups (firing if any is).
ALTER TABLE "alert_rules" ADD COLUMN "per" TEXT CHECK ("per" IN ('server', 'tool'));

CREATE TABLE "alert_rule_groups" (
  "project_id" UUID NOT NULL,
  "rule_id" UUID NOT NULL,
  "server" TEXT NOT NULL,
  -- '' for a rule per server.
  "tool" TEXT NOT NULL DEFAULT '',
  "state" TEXT NOT NULL DEFAULT 'ok' CHECK ("state" IN ('ok', 'firing', 'no_data')),
  "state_changed_at" TIMESTAMPTZ(3),
  "notified" BOOLEAN NOT NULL DEFAULT false,
  "firing_since" TIMESTAMPTZ(3),
  "last_notified_at" TIMESTAMPTZ(3),
  "last_evaluated_at" TIMESTAMPTZ(3),
  "last_figures" JSONB,
  PRIMARY KEY ("project_id", "rule_id", "server", "tool"),
  FOREIGN KEY ("project_id", "rule_id") REFERENCES "alert_rules" ("project_id", "id") ON DELETE CASCADE
);

-- Mute windows: while one covers an alert, its messages are held (nothing is sent) and its state
-- is kept as it was announced; the first evaluation after the window says what changed meanwhile.
-- One-off (`repeat` none: from `starts_at` for `duration_minutes`) or recurring (daily, weekly:
-- the same UTC time each day or week from `starts_at`, until `until` if set). For one rule or the
-- whole project (`rule_id` NULL), and for one server (and tool) or every one.
CREATE TABLE "alert_mutes" (
  "project_id" UUID NOT NULL REFERENCES "projects" ("id") ON DELETE CASCADE,
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "rule_id" UUID,
  "server" TEXT,
  "tool" TEXT,
  "starts_at" TIMESTAMPTZ(3) NOT NULL,
  "duration_minutes" INTEGER NOT NULL CHECK ("duration_minutes" > 0),
  "repeat" TEXT NOT NULL DEFAULT 'none' CHECK ("repeat" IN ('none', 'daily', 'weekly')),
  "until" TIMESTAMPTZ(3),
  "reason" TEXT NOT NULL DEFAULT '',
  "created_by" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("project_id", "id"),
  FOREIGN KEY ("project_id", "rule_id") REFERENCES "alert_rules" ("project_id", "id") ON DELETE CASCADE
);
