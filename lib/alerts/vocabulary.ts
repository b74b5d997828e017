// The words of an alert rule that the browser needs too (the Settings form): channels,
// severities, regions. No imports, so a client component may take them.

export const CHANNELS = ["webhook", "slack", "pagerduty", "opsgenie"] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Record<Channel, string> = {
  webhook: "Webhook (JSON)",
  slack: "Slack incoming webhook",
  pagerduty: "PagerDuty (Events API v2)",
  opsgenie: "Opsgenie (Alert API)",
};

/** How urgent a rule's alerts are: PagerDuty's four severities, carried to every receiver. */
export const SEVERITIES = ["critical", "error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];
export const DEFAULT_SEVERITY: Severity = "error";

/** Opsgenie's regions (its US and EU instances). */
export const OPSGENIE_REGIONS = ["us", "eu"] as const;
export type OpsgenieRegion = (typeof OPSGENIE_REGIONS)[number];
