// Alerts: per-project rules evaluated on a schedule from the rollups, a state per rule, and an
// outbox of messages delivered to webhooks, Slack, PagerDuty and Opsgenie with retries. No Next.js here: routes,
// pages and actions call these.
export * from "./config";
export * from "./evaluate";
export * from "./groups";
export * from "./measure";
export * from "./mutes";
export * from "./preview";
export * from "./transition";
export * from "./known-names";
export * from "./messages";
export * from "./outbox";
export * from "./paging";
export * from "./receiver";
export * from "./receiver-url";
export * from "./rules";
export * from "./scheduler";
export * from "./sender";
export * from "./slots";
export * from "./store";
export * from "./top-signature";
export * from "./api";
