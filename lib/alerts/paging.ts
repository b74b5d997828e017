import type { AlertMessage } from "./messages";
import { clip } from "./messages";
import { slackBody } from "./messages";
import type { Channel, OpsgenieRegion, Severity } from "./rules";

// The request each channel makes of a message: where it goes, with which headers, and what it
// says. Webhook and Slack POST to the rule's URL. The paging tools follow their published
// formats, with one key per firing of a rule (message.incident.key) so the resolve closes the
// incident the firing opened:
//   - PagerDuty Events API v2: POST https://events.pagerduty.com/v2/enqueue with
//     {routing_key, event_action: trigger|resolve, dedup_key, payload, links};
//   - Opsgenie Alert API: POST https://api.opsgenie.com/v2/alerts (EU: api.eu.opsgenie.com)
//     with `Authorization: GenieKey <key>` and {message ≤ 130, alias, description, priority,
//     details, source}; a resolve is POST /v2/alerts/<alias>/close?identifierType=alias.
// Their endpoints are fixed: a rule chooses only the region. The operator may point them
// elsewhere (FAULTLINE_ALERTS_PAGERDUTY_URL, FAULTLINE_ALERTS_OPSGENIE_URL — a test's local
// receiver); whoever writes rules cannot, so a paging rule can reach nothing a webhook rule
// could not. Keys go into the request only, never into the outbox, a log or an attempt record.

export const PAGERDUTY_URL = "https://events.pagerduty.com/v2/enqueue";
export const OPSGENIE_URLS: Record<OpsgenieRegion, string> = {
  us: "https://api.opsgenie.com",
  eu: "https://api.eu.opsgenie.com",
};

/** Where the paging tools are reached: their public APIs unless the operator said otherwise. */
export interface PagingEndpoints {
  pagerduty: string;
  /** Replaces the base (scheme, host, port) of both Opsgenie regions. */
  opsgenie?: string;
}

export interface ChannelRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What a claimed message needs to be sent: its rule's channel and its URL or key. */
export interface Target {
  channel: Channel;
  url: string;
  secret: string | null;
  region: OpsgenieRegion | null;
}

const OPSGENIE_PRIORITY: Record<Severity, string> = {
  critical: "P1",
  error: "P2",
  warning: "P3",
  info: "P5",
};

/** Messages queued before severities existed read as the default one. */
const severityOf = (message: AlertMessage): Severity => message.rule.severity ?? "error";
/** Messages queued before the plain summary existed: their Slack text is as close as there is. */
const summaryOf = (message: AlertMessage): string => message.summary ?? message.text;
const keyOf = (message: AlertMessage): string =>
  message.incident?.key ?? `faultline-${message.rule.id}-${Date.parse(message.at)}`;

/** The message's facts as flat strings (Opsgenie's details take only those). */
function facts(message: AlertMessage): Record<string, string> {
  const { rule, figures } = message;
  const top = figures.top;
  const entries: [string, unknown][] = [
    ["project", message.project.name],
    ["rule", rule.name],
    ["condition", rule.condition],
    ["severity", severityOf(message)],
    ["server", rule.server],
    ["tool", rule.tool],
    ["window", `${figures.from} – ${figures.to}`],
    ["calls", figures.calls],
    ["failures", figures.failures],
    ["failureRatePercent", figures.failureRatePercent],
    ["silentFailures", figures.silentFailures],
    ["signatures", figures.signatures],
    ["topSignature", top?.signature],
    ["errorCode", top?.errorCode],
    ["category", top?.category],
    ["retryable", top ? String(top.retryable ?? "unknown") : undefined],
    ["topSignatureCalls", top ? `${top.calls} of ${top.ofFailures} failures` : undefined],
    ["agentSaw", top?.example],
    ["nextStep", top?.nextStep ? `${top.nextStep.action}. ${top.nextStep.detail}` : undefined],
    ["signatureLink", top?.link],
    ["link", message.link],
  ];
  return Object.fromEntries(
    entries
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([name, value]) => [name, clip(String(value), 1000)]),
  );
}

function links(message: AlertMessage): { href: string; text: string }[] {
  const all = [
    ...(message.figures.top
      ? [{ href: message.figures.top.link, text: "The failure signature in Faultline" }]
      : []),
    { href: message.link, text: "The calls in Faultline" },
  ];
  // Paths only (no FAULTLINE_PUBLIC_URL) mean nothing to a paging tool.
  return all.filter((link) => /^https?:\/\//.test(link.href));
}

/** The PagerDuty Events API v2 event for a message. */
export function pagerDutyEvent(message: AlertMessage, routingKey: string) {
  const action = message.status === "resolved" ? "resolve" : "trigger";
  return {
    routing_key: routingKey,
    event_action: action,
    dedup_key: keyOf(message).slice(0, 255),
    payload: {
      summary: clip(summaryOf(message), 1024),
      source: clip(`Faultline ${message.project.name}`, 255),
      severity: severityOf(message),
      timestamp: message.at,
      component: message.figures.top?.server ?? message.rule.server ?? undefined,
      group: message.figures.top?.tool ?? message.rule.tool ?? undefined,
      class: message.figures.top?.category ?? message.rule.kind,
      custom_details: { ...facts(message), details: message.details ?? [] },
    },
    links: links(message),
    client: "Faultline",
    ...(links(message)[0] ? { client_url: links(message)[0]!.href } : {}),
  };
}

/** The Opsgenie alert for a firing or test message. */
export function opsgenieAlert(message: AlertMessage) {
  const top = message.figures.top;
  const headline = top
    ? `[${message.project.name}] ${message.rule.name}: ${top.errorCode ?? top.category ?? "failing"}`
    : `[${message.project.name}] ${message.rule.name}`;
  return {
    message: clip(headline, 130),
    alias: keyOf(message).slice(0, 512),
    description: clip([summaryOf(message), ...(message.details ?? []), message.link].join("\n"), 15_000),
    priority: OPSGENIE_PRIORITY[severityOf(message)],
    details: facts(message),
    entity: clip(message.rule.server ?? top?.server ?? message.project.name, 512),
    source: "Faultline",
    tags: ["faultline", severityOf(message)],
  };
}

/** The request that delivers `message` through `target`. */
export function channelRequest(
  target: Target,
  message: AlertMessage,
  endpoints: PagingEndpoints = { pagerduty: PAGERDUTY_URL },
): ChannelRequest {
  switch (target.channel) {
    case "slack":
      return { url: target.url, headers: {}, body: slackBody(message) };
    case "webhook":
      return { url: target.url, headers: {}, body: message };
    case "pagerduty":
      return { url: endpoints.pagerduty, headers: {}, body: pagerDutyEvent(message, target.secret ?? "") };
    case "opsgenie": {
      const base = (endpoints.opsgenie ?? OPSGENIE_URLS[target.region ?? "us"]).replace(/\/+$/, "");
      const headers = { authorization: `GenieKey ${target.secret ?? ""}` };
      if (message.status === "resolved") {
        return {
          url: `${base}/v2/alerts/${encodeURIComponent(keyOf(message))}/close?identifierType=alias`,
          headers,
          body: { source: "Faultline", note: clip(summaryOf(message), 1000) },
        };
      }
      return { url: `${base}/v2/alerts`, headers, body: opsgenieAlert(message) };
    }
  }
}

/** Text about an attempt (an error, a receiver's answer) with the target's key taken out. */
export function withoutSecret(text: string, target: Pick<Target, "secret">): string {
  return target.secret && target.secret.length >= 4 ? text.replaceAll(target.secret, "[key]") : text;
}
