// Alerts: per-project rules evaluated on a schedule from the rollups, a state per rule, and an
// outbox of messages delivered to webhooks and Slack with retries. No Next.js here: routes,
// pages and actions call these.
export * from "./config";
export * from "./evaluate";
export * from "./messages";
export * from "./outbox";
export * from "./receiver";
export * from "./receiver-url";
export * from "./rules";
export * from "./scheduler";
export * from "./sender";
export * from "./slots";
export * from "./store";
export * from "./api";
