import { createHash } from "node:crypto";
import { describeCondition, formatMinutes, ruleScope, type AlertRule, type RuleFields } from "./rules";

// What an alert says. One message shape (the generic webhook's JSON: a Slack-compatible
// `text`, the rule, the figures and a link to the view), and the Slack incoming-webhook body
// made from it (the paging tools' bodies: lib/alerts/paging.ts). A firing message says what is
// failing, not only how much: the top signature of the window — its code, category, retry
// verdict, what the agent saw, the next step, and a link to its page. Server, tool and example
// texts come from senders: everything put into `text` is escaped for Slack's mrkdwn (&, <, >),
// so a tool named "<!channel>" cannot ping a channel or forge a link, and an example is one
// clipped line (it cannot start lines of its own).

/** no_data: the rule's window holds too few calls to judge (sent only when the rule asks, webhook and Slack). */
export type MessageKind = "firing" | "resolved" | "test" | "no_data";

export interface SignatureFigure {
  signature: string;
  server: string;
  tool: string;
  category: string;
  errorCode: string;
  example: string;
  firstSeen: string;
  statusChangedAt: string | null;
  calls: number;
  link: string;
}

/** The failure signature most of a firing window's failing calls share (lib/alerts/top-signature.ts). */
export interface TopSignature {
  signature: string;
  server: string;
  tool: string;
  category: string | null;
  errorCode: string | null;
  /** The verdict of its latest call in the window: can the same call succeed later? */
  retryable: boolean | null;
  /** What the agent saw in its latest call: one line, clipped. */
  example: string;
  /** Its calls among the window's failing calls looked at (`ofFailures`; the latest 1000 at most). */
  calls: number;
  ofFailures: number;
  /** Whether `ofFailures` is a sample of the latest failures rather than all of them. */
  sampled: boolean;
  status: string;
  /** What an agent should do next (the classifier's advice for its category, code and verdict). */
  nextStep: { action: string; detail: string } | null;
  /** Its own page (absolute when FAULTLINE_PUBLIC_URL is set). */
  link: string;
}

/** The numbers behind a rule's condition at one evaluation (which fields depends on the kind). */
export interface Figures {
  /** The window looked at. */
  from: string;
  to: string;
  calls?: number;
  failures?: number;
  failureRatePercent?: number;
  silentFailures?: number;
  /** new_signature / regressed_signature: how many, and the most recent few. */
  signatures?: number;
  examples?: SignatureFigure[];
  /** tool_silent: the last minute (or hour) with a call, when within 30 days. */
  lastCallAt?: string | null;
  /** Firing and test messages: the window's top failure signature, when there is one. */
  top?: TopSignature | null;
  /** probe_failing: the probes failing (N of their last M runs), the first few. */
  probes?: ProbeFigure[];
  /** probe_drift: how many drift events of the kind, and the first few. */
  driftEvents?: number;
  drift?: DriftFigure[];
  /** A rule per server or tool (its own figures): how many of its groups are in each state. */
  groups?: { firing: number; noData: number; ok: number; capped: boolean };
}

export interface ProbeFigure {
  probe: string;
  server: string;
  failed: number;
  runs: number;
  /** The latest failed run's reason. */
  reason: string | null;
}

export interface DriftFigure {
  probe: string;
  server: string;
  tool: string;
  kind: string;
  change: string;
  at: string;
}

export interface AlertMessage {
  /** The message in Slack mrkdwn (escaped): the summary line, then the top signature's lines. */
  text: string;
  /** The summary line as plain text (not escaped), for receivers that are not Slack. */
  summary: string;
  /** The top signature's lines as plain text (not escaped); empty when there is none. */
  details: string[];
  status: MessageKind;
  /**
   * One key per firing of a rule (from its start to its resolve): the paging tools' dedup key
   * (PagerDuty) or alias (Opsgenie), so a resolve closes the incident its firing opened.
   */
  incident: { key: string; since: string };
  /** A firing message sent again after the cool-down because the condition still holds. */
  repeat: boolean;
  /** The server (and tool) this message is about, for a rule that alerts per server or per tool. */
  group: AlertGroup | null;
  project: { id: string; name: string };
  rule: {
    condition: string;
  } & Omit<RuleFields, "enabled">;
  figures: Figures;
  /** The dashboard view showing these calls (absolute when FAULTLINE_PUBLIC_URL is set). */
  link: string;
  at: string;
}

/** Slack mrkdwn's three control characters. */
export function escapeSlack(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function percent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}

export function absoluteLink(publicUrl: string | undefined, path: string): string {
  return publicUrl ? `${publicUrl}${path}` : path;
}

/** The dashboard view (a path) showing what a rule is about over a window. */
export function viewPath(
  rule: Pick<AlertRule, "kind" | "server" | "tool">,
  window: { from: string; to: string },
  examples: { signature: string }[] = [],
): string {
  const params = new URLSearchParams();
  const range = () => {
    params.set("range", "custom");
    params.set("from", window.from);
    params.set("to", window.to);
  };
  if (rule.kind === "new_signature" || rule.kind === "regressed_signature") {
    if (examples.length === 1) return signaturePath(examples[0]!.signature);
    return "/failures";
  }
  if (rule.kind === "probe_failing" || rule.kind === "probe_drift") {
    return rule.server ? `/servers/${encodeURIComponent(rule.server)}#probes` : "/settings/probes";
  }
  if (rule.kind === "tool_silent") params.set("range", "7d");
  else range();
  if (rule.server) params.set("server", rule.server);
  if (rule.tool) params.set("tool", rule.tool);
  if (rule.kind === "silent_failures") params.set("silentFailure", "true");
  return `/calls?${params.toString()}`;
}

/** The failure signature's own page: its calls over time, the tools it hit, its status history. */
export function signaturePath(signature: string): string {
  return `/failures/${encodeURIComponent(signature)}`;
}

/** The figures in words, unescaped. */
function summary(rule: AlertRule, figures: Figures, status: MessageKind): string {
  const scope = ruleScope(rule);
  const window = formatMinutes(rule.windowMinutes);
  switch (rule.kind) {
    case "failure_rate": {
      const calls = figures.calls ?? 0;
      const judged = calls >= (rule.minCalls ?? 1);
      return `failure rate of ${scope} is ${percent(figures.failureRatePercent ?? 0)} (${figures.failures ?? 0} of ${calls} calls) over the last ${window}; threshold ${rule.threshold}%${
        judged ? "" : `, too few calls to judge (at least ${rule.minCalls})`
      }`;
    }
    case "silent_failures":
      return `${figures.silentFailures ?? 0} silent failures of ${scope} (of ${figures.calls ?? 0} calls) in the last ${window}; threshold ${rule.threshold}${
        (figures.calls ?? 0) === 0 ? ", no calls to judge" : ""
      }`;
    case "new_signature":
    case "regressed_signature": {
      const count = figures.signatures ?? 0;
      const what = rule.kind === "new_signature" ? "new" : "regressed (seen again after being resolved)";
      if (count === 0)
        return `no ${rule.kind === "new_signature" ? "new" : "regressed"} failure signatures of ${scope} in the last ${window}`;
      const first = figures.examples?.[0];
      const example = first
        ? `: "${clip(first.example, 160)}" (${first.server}/${first.tool || "-"}${first.category ? `, ${first.category}` : ""})`
        : "";
      return `${count} ${what} failure signature${count === 1 ? "" : "s"} of ${scope} in the last ${window}${example}${
        count > 1 ? ` and ${count - 1} more` : ""
      }`;
    }
    case "tool_silent": {
      const calls = figures.calls ?? 0;
      if (calls > 0 && status !== "firing")
        return `${scope} is called again (${calls} calls in the last ${window})`;
      return `no calls of ${scope} for ${window} (last call: ${figures.lastCallAt ?? "none in the last 30 days"})`;
    }
    case "probe_failing": {
      const failing = figures.probes ?? [];
      const where = rule.server ? `server ${rule.server}` : "any server";
      if (failing.length === 0)
        return `every probe of ${where} passes (fewer than ${rule.threshold} failed of its last ${rule.ofRuns} runs)`;
      const first = failing[0]!;
      return `probe "${clip(first.probe, 100)}" of server ${clip(first.server, 100)} failed ${first.failed} of its last ${first.runs} runs${
        first.reason ? `: ${clip(first.reason, 200)}` : ""
      }${failing.length > 1 ? ` (and ${failing.length - 1} more probe${failing.length === 2 ? "" : "s"})` : ""}`;
    }
    case "probe_drift": {
      const count = figures.driftEvents ?? 0;
      const where = rule.server ? `server ${rule.server}` : "any server";
      if (count === 0) return `no ${rule.driftKind} tool schema drift of ${where} in the last ${window}`;
      const first = figures.drift?.[0];
      return `${count} tool schema change${count === 1 ? "" : "s"} (${rule.driftKind === "breaking" ? "breaking" : `${rule.driftKind} or worse`}) on ${where} in the last ${window}${
        first
          ? `: ${first.kind}: ${clip(first.change, 200)} (${clip(first.server, 100)}, probe "${clip(first.probe, 100)}")`
          : ""
      }`;
    }
  }
}

function verdict(retryable: boolean | null): string {
  return retryable === true ? "retryable" : retryable === false ? "not retryable" : "retry verdict unknown";
}

/** The top signature in plain lines: what it is and how much, what the agent saw, the next step. */
export function topSignatureLines(top: TopSignature): string[] {
  const of = top.sampled ? `of the latest ${top.ofFailures} failures` : `of ${top.ofFailures} failures`;
  const what = [top.errorCode ?? "no error code", top.category ?? "uncategorised", verdict(top.retryable)];
  const lines = [
    `Top signature: ${clip(what.join(" · "), 260)} — ${top.calls} ${of} in the window (${clip(`${top.server}/${top.tool || "-"}`, 200)})`,
    `The agent saw: "${top.example || "(no text)"}"`,
  ];
  if (top.nextStep) lines.push(`Next step: ${top.nextStep.action}. ${top.nextStep.detail}`);
  return lines;
}

/** One server (per server) or one server's tool (per tool) of a rule that alerts for each. */
export interface AlertGroup {
  server: string;
  tool: string | null;
}

/**
 * A group's part of its incident keys: a digest of its server and tool (names senders choose,
 * of any length and alphabet), so that each group's episodes open and close their own incidents.
 */
export function groupKey(group: AlertGroup): string {
  return createHash("sha256")
    .update(`${group.server}\u0000${group.tool ?? ""}`)
    .digest("hex")
    .slice(0, 16);
}

/** The message's key for one firing of a rule (or of one group of it): which, and the moment it started firing. */
export function incidentKey(
  ruleId: string,
  since: Date,
  status: MessageKind,
  group?: AlertGroup | null,
): string {
  const which = group ? `${ruleId}-${groupKey(group)}` : ruleId;
  return status === "test"
    ? `faultline-${which}-test-${since.getTime()}`
    : `faultline-${which}-${since.getTime()}`;
}

/** A rule as one of its groups: scoped to the group's server (and tool), as its messages read. */
export function scopedToGroup(rule: AlertRule, group: AlertGroup | null | undefined): AlertRule {
  if (!group) return rule;
  return { ...rule, server: group.server, tool: group.tool ?? rule.tool, per: null };
}

const linkTo = (link: string, label: string) =>
  link.startsWith("http") ? `<${link}|${label}>` : `(${link})`;

export function buildMessage(input: {
  rule: AlertRule;
  project: { id: string; name: string };
  status: MessageKind;
  repeat?: boolean;
  figures: Figures;
  publicUrl: string | undefined;
  at: Date;
  /** When this firing of the rule began (its dedup key); `at` for a new firing or a test. */
  firingSince?: Date;
  /** Said after the figures, e.g. "the rule was disabled". */
  note?: string;
  /** The incident this message belongs to, when it is not the rule's own episode (a test's resolve). */
  incident?: AlertMessage["incident"];
  /** The group the message is about, for a rule that alerts per server or per tool. */
  group?: AlertGroup | null;
}): AlertMessage {
  const { project, status, figures } = input;
  const group = input.group ?? null;
  const rule = scopedToGroup(input.rule, group);
  const link = absoluteLink(input.publicUrl, viewPath(rule, figures, figures.examples));
  const heading =
    status === "test"
      ? "🧪 Test"
      : status === "resolved"
        ? "✅ Resolved"
        : status === "no_data"
          ? "⚪ No data"
          : input.repeat
            ? "🔴 Still firing"
            : "🔴 Firing";
  const about = `${heading} (${rule.severity}) [${clip(project.name, 100)}] ${clip(rule.name, 200)}: ${clip(summary(rule, figures, status), 600)}`;
  const note = input.note
    ? ` (${input.note})`
    : status === "test"
      ? " (a test message with the current figures)"
      : "";
  const top = status === "resolved" || status === "no_data" ? null : (figures.top ?? null);
  const details = top ? topSignatureLines(top) : [];
  // The signature's page first when there is one: what to act on, then the calls behind the figures.
  const links = top
    ? ` ${linkTo(top.link, "Open the signature")} · ${linkTo(link, "See the calls")}`
    : ` ${linkTo(link, "Open in Faultline")}`;
  const since = input.firingSince ?? input.at;
  return {
    text: [`${escapeSlack(about)}${escapeSlack(note)}${links}`, ...details.map(escapeSlack)].join("\n"),
    summary: `${about}${note}`,
    details,
    status,
    incident: input.incident ?? {
      key: incidentKey(rule.id, since, status, group),
      since: since.toISOString(),
    },
    repeat: input.repeat ?? false,
    group,
    project,
    rule: {
      id: rule.id,
      name: rule.name,
      kind: rule.kind,
      condition: describeCondition(rule),
      server: rule.server,
      tool: rule.tool,
      per: input.rule.per,
      windowMinutes: rule.windowMinutes,
      threshold: rule.threshold,
      minCalls: rule.minCalls,
      ofRuns: rule.ofRuns,
      driftKind: rule.driftKind,
      cooldownMinutes: rule.cooldownMinutes,
      severity: rule.severity,
      notifyNoData: rule.notifyNoData,
    },
    figures,
    link,
    at: input.at.toISOString(),
  };
}

/** The Slack incoming-webhook body: the text, and a block with the rule's condition. */
export function slackBody(message: AlertMessage): {
  text: string;
  blocks: (
    | { type: "section"; text: { type: "mrkdwn"; text: string } }
    | {
        type: "context";
        elements: { type: "mrkdwn"; text: string }[];
      }
  )[];
} {
  return {
    text: message.text,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: message.text } },
      {
        type: "context",
        elements: [
          {
            type: "mrkdwn",
            text: escapeSlack(
              `Rule: ${clip(message.rule.condition, 300)} · severity ${message.rule.severity ?? "error"} · cool-down ${formatMinutes(message.rule.cooldownMinutes)}`,
            ),
          },
        ],
      },
    ],
  };
}
