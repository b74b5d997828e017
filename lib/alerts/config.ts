import { getEnv } from "../env";
import { PAGERDUTY_URL, type PagingEndpoints } from "./paging";
import { DEFAULT_TIMEOUT_MS } from "./receiver";

// What the alerts machinery needs from the configuration, gathered once (tests pass their own).

export interface AlertsConfig {
  /** FAULTLINE_PUBLIC_URL without a trailing slash; messages link to views under it (paths only when unset). */
  publicUrl: string | undefined;
  /** How often the rules are evaluated. */
  intervalMs: number;
  /** The first retry's delay; each later one doubles, up to MAX_RETRY_DELAY_MS. */
  retryBaseMs: number;
  /** Attempts per message, the first included. */
  maxAttempts: number;
  /** Receivers at internal addresses (loopback, private, link-local …) are allowed. */
  allowPrivate: boolean;
  /** The deadline of one attempt, from connecting to the last byte read. */
  timeoutMs: number;
  /** How many messages this instance sends at once: in all, per project, per receiver of a project. */
  concurrency: ConcurrencyLimits;
  /** Where PagerDuty and Opsgenie are reached (their public APIs unless the operator says otherwise). */
  endpoints?: PagingEndpoints;
}

/** Bounds on attempts in flight in one instance (see lib/alerts/slots.ts); each at most the one before. */
export interface ConcurrencyLimits {
  total: number;
  perProject: number;
  perReceiver: number;
}

export const MAX_RETRY_DELAY_MS = 3_600_000;

export function alertsConfig(): AlertsConfig {
  const env = getEnv();
  return {
    publicUrl: env.FAULTLINE_PUBLIC_URL,
    intervalMs: Math.round(env.FAULTLINE_ALERTS_INTERVAL_SECONDS * 1000),
    retryBaseMs: Math.round(env.FAULTLINE_ALERTS_RETRY_SECONDS * 1000),
    maxAttempts: env.FAULTLINE_ALERTS_MAX_ATTEMPTS,
    allowPrivate: env.FAULTLINE_ALERTS_ALLOW_PRIVATE,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    concurrency: concurrencyLimits(
      env.FAULTLINE_ALERTS_CONCURRENCY,
      env.FAULTLINE_ALERTS_PROJECT_CONCURRENCY,
      env.FAULTLINE_ALERTS_RECEIVER_CONCURRENCY,
    ),
    endpoints: {
      pagerduty: env.FAULTLINE_ALERTS_PAGERDUTY_URL ?? PAGERDUTY_URL,
      opsgenie: env.FAULTLINE_ALERTS_OPSGENIE_URL,
    },
  };
}

/** The bounds as given, each brought down to at most the one it is a part of. */
export function concurrencyLimits(total: number, perProject: number, perReceiver: number): ConcurrencyLimits {
  const project = Math.min(perProject, total);
  return { total, perProject: project, perReceiver: Math.min(perReceiver, project) };
}

/** The wait before attempt `attempt + 1` after `attempt` failed: base, 2×base, 4×base … at most an hour. */
export function retryDelayMs(config: Pick<AlertsConfig, "retryBaseMs">, attempt: number): number {
  return Math.min(config.retryBaseMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_MS);
}
