-- Alerts that page (lib/alerts): a severity per rule, carried to every receiver; and the paging
-- tools' own receivers, PagerDuty (Events API v2) and Opsgenie (Alert API). Their endpoints are
-- fixed (chosen by the region, overridable only by the operator's configuration); what a rule
-- holds is the routing or API key — a secret, like a webhook URL: written, never shown back
-- whole. `url` stays the webhook/Slack URL and is '' for the paging tools.
ALTER TABLE "alert_rules" ADD COLUMN "severity" TEXT NOT NULL DEFAULT 'error';
ALTER TABLE "alert_rules" ADD COLUMN "secret" TEXT;
ALTER TABLE "alert_rules" ADD COLUMN "region" TEXT;
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_severity_check"
    CHECK ("severity" IN ('critical', 'error', 'warning', 'info'));
ALTER TABLE "alert_rules" DROP CONSTRAINT "alert_rules_channel_check";
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_channel_check"
    CHECK ("channel" IN ('webhook', 'slack', 'pagerduty', 'opsgenie'));
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_destination_check" CHECK (
    CASE "channel"
        WHEN 'pagerduty' THEN "secret" IS NOT NULL AND "region" IS NULL
        WHEN 'opsgenie' THEN "secret" IS NOT NULL AND "region" IN ('us', 'eu')
        ELSE "secret" IS NULL AND "region" IS NULL AND "url" <> ''
    END);
