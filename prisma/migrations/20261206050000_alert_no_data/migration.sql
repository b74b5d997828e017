-- A rule whose window holds too few calls to judge (a failure_rate rule below its minimum, a
-- silent_failures rule with no calls) is in "no data", not "ok": when a failing server's traffic
-- stops — often because it is broken — the incident it opened stays open instead of being resolved
-- by an empty window. `firing_since` keeps the start of the announced episode through a stretch of
-- no data, so that the resolve (or the next "still firing") carries the same dedup key.
-- `notify_no_data`: the rule also says when it enters no data (webhook and Slack only).
ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_state_check";
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_state_check" CHECK ("state" IN ('ok', 'firing', 'no_data'));
ALTER TABLE "alert_rules" ADD COLUMN "firing_since" TIMESTAMPTZ(3);
UPDATE "alert_rules" SET "firing_since" = "state_changed_at" WHERE "state" = 'firing' AND "notified";
ALTER TABLE "alert_rules" ADD COLUMN "notify_no_data" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "alert_deliveries" DROP CONSTRAINT "alert_deliveries_kind_check";
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_kind_check"
  CHECK ("kind" IN ('firing', 'resolved', 'test', 'no_data'));
