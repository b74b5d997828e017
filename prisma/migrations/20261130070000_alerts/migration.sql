-- Alerts (lib/alerts): per-project rules evaluated on a schedule from the rollups, each with
-- its state (firing or ok, when it last notified), and an outbox of messages to deliver with
-- every attempt recorded. Keys lead with project_id (distributable by project).

CREATE TABLE "alert_rules" (
    "project_id" UUID NOT NULL,
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "server" TEXT,
    "tool" TEXT,
    "window_minutes" INTEGER NOT NULL,
    "threshold" DOUBLE PRECISION,
    "min_calls" INTEGER,
    "cooldown_minutes" INTEGER NOT NULL,
    "channel" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'ok',
    "state_changed_at" TIMESTAMPTZ(3),
    "notified" BOOLEAN NOT NULL DEFAULT false,
    "last_notified_at" TIMESTAMPTZ(3),
    "last_evaluated_at" TIMESTAMPTZ(3),
    "last_figures" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("project_id", "id"),
    CONSTRAINT "alert_rules_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE,
    CONSTRAINT "alert_rules_kind_check"
        CHECK ("kind" IN ('failure_rate', 'silent_failures', 'new_signature', 'regressed_signature', 'tool_silent')),
    CONSTRAINT "alert_rules_channel_check" CHECK ("channel" IN ('webhook', 'slack')),
    CONSTRAINT "alert_rules_state_check" CHECK ("state" IN ('ok', 'firing'))
);

CREATE TABLE "alert_deliveries" (
    "project_id" UUID NOT NULL,
    "id" BIGINT GENERATED ALWAYS AS IDENTITY,
    "rule_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "message" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "alert_deliveries_pkey" PRIMARY KEY ("project_id", "id"),
    CONSTRAINT "alert_deliveries_rule_fkey" FOREIGN KEY ("project_id", "rule_id")
        REFERENCES "alert_rules"("project_id", "id") ON DELETE CASCADE,
    CONSTRAINT "alert_deliveries_kind_check" CHECK ("kind" IN ('firing', 'resolved', 'test')),
    CONSTRAINT "alert_deliveries_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
-- The sender's queue: what is due, across projects.
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
CREATE INDEX "alert_deliveries_rule_idx" ON "alert_deliveries" ("project_id", "rule_id", "id" DESC);

CREATE TABLE "alert_delivery_attempts" (
    "project_id" UUID NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "result" TEXT NOT NULL,
    "http_status" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    CONSTRAINT "alert_delivery_attempts_pkey" PRIMARY KEY ("project_id", "delivery_id", "attempt"),
    CONSTRAINT "alert_delivery_attempts_delivery_fkey" FOREIGN KEY ("project_id", "delivery_id")
        REFERENCES "alert_deliveries"("project_id", "id") ON DELETE CASCADE,
    CONSTRAINT "alert_delivery_attempts_result_check" CHECK ("result" IN ('delivered', 'retrying', 'failed'))
);
