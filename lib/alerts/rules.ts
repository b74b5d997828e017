import { z } from "zod";
import { expected, label } from "../schemas/fields";
import { InvalidInputError, type FieldProblem } from "../errors";
import { checkReceiverUrl } from "./receiver-url";
import {
  CHANNELS,
  DEFAULT_SEVERITY,
  OPSGENIE_REGIONS,
  SEVERITIES,
  type Channel,
  type OpsgenieRegion,
  type Severity,
} from "./vocabulary";

// Alert rules: their kinds, the fields each kind uses, and the one validation the API and the
// Settings forms share. A rule is stored flat (lib/alerts/store.ts); what a field means
// depends on the kind.

export const RULE_KINDS = [
  "failure_rate",
  "silent_failures",
  "new_signature",
  "regressed_signature",
  "tool_silent",
  "probe_failing",
  "probe_drift",
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export {
  CHANNEL_LABELS,
  CHANNELS,
  DEFAULT_SEVERITY,
  OPSGENIE_REGIONS,
  SEVERITIES,
  type Channel,
  type OpsgenieRegion,
  type Severity,
} from "./vocabulary";

export const KIND_LABELS: Record<RuleKind, string> = {
  failure_rate: "Failure rate",
  silent_failures: "Silent failures",
  new_signature: "New failure signature",
  regressed_signature: "Regressed failure signature",
  tool_silent: "Tool silent (no calls)",
  probe_failing: "Probe failing",
  probe_drift: "Tool schema drift (probe)",
};

/** The longest window a rule may look back over (hourly and daily rollups beyond 48 h). */
export const MAX_WINDOW_MINUTES = 30 * 24 * 60;
export const MAX_COOLDOWN_MINUTES = 7 * 24 * 60;
export const DEFAULT_COOLDOWN_MINUTES = 60;

export type Field = "server" | "tool" | "threshold" | "minCalls" | "per" | "ofRuns" | "driftKind";

export const DRIFT_KINDS = ["breaking", "warning", "info"] as const;
export type DriftKind = (typeof DRIFT_KINDS)[number];

/** A rule that alerts for each server, or each tool, on its own (its own state and incident). */
export const PER_VALUES = ["server", "tool"] as const;
export type Per = (typeof PER_VALUES)[number];

/** Which optional fields each kind takes (required ones must be given; the others must not be). */
const KIND_FIELDS: Record<RuleKind, { required: Field[]; optional: Field[] }> = {
  failure_rate: { required: ["threshold", "minCalls"], optional: ["server", "tool", "per"] },
  silent_failures: { required: ["threshold"], optional: ["server", "tool", "per"] },
  new_signature: { required: [], optional: ["server", "tool"] },
  regressed_signature: { required: [], optional: ["server", "tool"] },
  tool_silent: { required: ["server", "tool"], optional: [] },
  probe_failing: { required: ["threshold", "ofRuns"], optional: ["server"] },
  probe_drift: { required: ["driftKind"], optional: ["server"] },
};

/** The kind-specific fields a rule of `kind` uses (the rest must be left out). */
export function kindFields(kind: RuleKind): Field[] {
  return [...KIND_FIELDS[kind].required, ...KIND_FIELDS[kind].optional];
}

const FIELD_MEANING: Record<Field, string> = {
  server: "the server the rule watches",
  tool: "the tool the rule watches",
  threshold: "the threshold",
  minCalls: "the minimum call count",
  per: "server or tool: one alert for each",
  ofRuns: "how many of a probe's last runs are looked at",
  driftKind: "the least severe drift that fires: breaking, warning or info",
};

/**
 * Where a rule's messages go: a URL (webhook, Slack), or a paging tool's key (its endpoint is
 * fixed, lib/alerts/paging.ts). URLs and keys are secrets: written, never shown back whole.
 */
export type Destination =
  | { type: "webhook" | "slack"; url: string }
  | { type: "pagerduty"; routingKey: string }
  | { type: "opsgenie"; apiKey: string; region: OpsgenieRegion };

/** The secret a destination holds: its URL or its key. */
export function destinationSecret(destination: Destination): string {
  switch (destination.type) {
    case "pagerduty":
      return destination.routingKey;
    case "opsgenie":
      return destination.apiKey;
    default:
      return destination.url;
  }
}

/** What a rule says, as every view of it (API, Settings, messages) shows it. */
export interface RuleFields {
  id: string;
  name: string;
  kind: RuleKind;
  enabled: boolean;
  server: string | null;
  tool: string | null;
  /**
   * failure_rate and silent_failures: "server" or "tool" alerts for each server (or each tool, of
   * `server` when one is named) on its own — its own state, repeats, resolve and dedup key; null:
   * one alert for the whole scope.
   */
  per: Per | null;
  windowMinutes: number;
  /** failure_rate: a percentage (0–100]; silent_failures: a count (≥ 1); otherwise null. */
  threshold: number | null;
  /** failure_rate: the calls a window needs before its rate counts; otherwise null. */
  minCalls: number | null;
  /** probe_failing: fires when a probe failed `threshold` of its last `ofRuns` runs; otherwise null. */
  ofRuns: number | null;
  /** probe_drift: the least severe drift that fires (breaking ⊂ warning ⊂ info); otherwise null. */
  driftKind: DriftKind | null;
  cooldownMinutes: number;
  severity: Severity;
  /**
   * failure_rate and silent_failures: also say when the window holds too few calls to judge
   * (a `no_data` message, webhook and Slack only). Either way a rule in no data never says "resolved".
   */
  notifyNoData: boolean;
}

/** The kinds whose window can hold too few calls to judge: they go to "no data" instead of "ok". */
export const NO_DATA_KINDS: readonly RuleKind[] = ["failure_rate", "silent_failures"];

/** A rule as stored and evaluated. */
export interface AlertRule extends RuleFields {
  projectId: string;
  destination: Destination;
}

const wholeNumber = (min: number, max: number) =>
  z
    .number(expected("must be a number"))
    .int("must be a whole number")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`);

/** A routing or API key: printable, no spaces (it goes into a header or a JSON field as it is). */
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
const key = z
  .string(expected("must be a string"))
  .trim()
  .regex(KEY_PATTERN, "must be 8 to 200 printable characters without spaces");

/** Which fields each destination type takes, beside `type`. */
const DESTINATION_FIELDS: Record<Channel, { required: string[]; optional: string[] }> = {
  webhook: { required: ["url"], optional: [] },
  slack: { required: ["url"], optional: [] },
  pagerduty: { required: ["routingKey"], optional: [] },
  opsgenie: { required: ["apiKey"], optional: ["region"] },
};

const destinationSchema = z
  .strictObject(
    {
      type: z.enum(CHANNELS, expected(`must be one of ${CHANNELS.join(", ")}`)),
      url: z
        .string(expected("must be a string"))
        .trim()
        .max(2000, "must be at most 2000 characters")
        .superRefine((value, context) => {
          const problem = checkReceiverUrl(value);
          if (problem) context.addIssue({ code: "custom", message: problem });
        })
        .optional(),
      routingKey: key.optional(),
      apiKey: key.optional(),
      region: z.enum(OPSGENIE_REGIONS, expected(`must be one of ${OPSGENIE_REGIONS.join(", ")}`)).optional(),
    },
    expected("must be an object {type, url} or {type, routingKey} or {type, apiKey, region}"),
  )
  .superRefine((value, context) => {
    const { required, optional } = DESTINATION_FIELDS[value.type];
    for (const field of ["url", "routingKey", "apiKey", "region"] as const) {
      const present = value[field] !== undefined;
      if (required.includes(field) && !present) {
        context.addIssue({ code: "custom", path: [field], message: "is required" });
      } else if (present && !required.includes(field) && !optional.includes(field)) {
        context.addIssue({
          code: "custom",
          path: [field],
          message: `is not used by a ${value.type} destination; leave it out`,
        });
      }
    }
  })
  .transform((value): Destination => {
    switch (value.type) {
      case "pagerduty":
        return { type: "pagerduty", routingKey: value.routingKey! };
      case "opsgenie":
        return { type: "opsgenie", apiKey: value.apiKey!, region: value.region ?? "us" };
      default:
        return { type: value.type, url: value.url! };
    }
  });

const fields = {
  name: label(200),
  kind: z.enum(RULE_KINDS, expected(`must be one of ${RULE_KINDS.join(", ")}`)),
  enabled: z.boolean(expected("must be true or false")),
  server: label(200).nullable(),
  tool: label(200).nullable(),
  per: z.enum(PER_VALUES, expected(`must be one of ${PER_VALUES.join(", ")}, or null`)).nullable(),
  windowMinutes: wholeNumber(1, MAX_WINDOW_MINUTES),
  threshold: z.number(expected("must be a number")),
  minCalls: wholeNumber(1, 1_000_000),
  ofRuns: wholeNumber(1, 100),
  driftKind: z.enum(DRIFT_KINDS, expected(`must be one of ${DRIFT_KINDS.join(", ")}`)),
  cooldownMinutes: wholeNumber(1, MAX_COOLDOWN_MINUTES),
  severity: z.enum(SEVERITIES, expected(`must be one of ${SEVERITIES.join(", ")}`)),
  notifyNoData: z.boolean(expected("must be true or false")),
  destination: destinationSchema,
};

const BODY = expected("must be a JSON object");

const createSchema = z.strictObject(
  {
    name: fields.name,
    kind: fields.kind,
    enabled: fields.enabled.default(true),
    server: fields.server.optional(),
    tool: fields.tool.optional(),
    per: fields.per.optional(),
    windowMinutes: fields.windowMinutes,
    threshold: fields.threshold.nullable().optional(),
    minCalls: fields.minCalls.nullable().optional(),
    ofRuns: fields.ofRuns.nullable().optional(),
    driftKind: fields.driftKind.nullable().optional(),
    cooldownMinutes: fields.cooldownMinutes.default(DEFAULT_COOLDOWN_MINUTES),
    severity: fields.severity.default(DEFAULT_SEVERITY),
    notifyNoData: fields.notifyNoData.default(false),
    destination: fields.destination,
  },
  BODY,
);

const patchSchema = z.strictObject(
  {
    name: fields.name.optional(),
    kind: fields.kind.optional(),
    enabled: fields.enabled.optional(),
    server: fields.server.optional(),
    tool: fields.tool.optional(),
    per: fields.per.optional(),
    windowMinutes: fields.windowMinutes.optional(),
    threshold: fields.threshold.nullable().optional(),
    minCalls: fields.minCalls.nullable().optional(),
    ofRuns: fields.ofRuns.nullable().optional(),
    driftKind: fields.driftKind.nullable().optional(),
    cooldownMinutes: fields.cooldownMinutes.optional(),
    severity: fields.severity.optional(),
    notifyNoData: fields.notifyNoData.optional(),
    destination: fields.destination.optional(),
  },
  BODY,
);

/** What a caller may set: everything of a rule but its id, project and state. */
export type RuleInput = Omit<AlertRule, "id" | "projectId">;

function problemsOf(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      const prefix = issue.path.map(String).join(".");
      return issue.keys.map((key) => ({
        path: prefix ? `${prefix}.${key}` : key,
        message: "is not a field of an alert rule",
      }));
    }
    return [{ path: issue.path.map(String).join(".") || "(body)", message: issue.message }];
  });
}

/** The rules each kind imposes on the fields: required ones present, unused ones absent, ranges. */
function kindProblems(rule: RuleInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { required, optional } = KIND_FIELDS[rule.kind];
  for (const field of ["server", "tool", "threshold", "minCalls", "per", "ofRuns", "driftKind"] as const) {
    const present = rule[field] !== null && rule[field] !== undefined;
    if (required.includes(field) && !present) {
      problems.push({
        path: field,
        message: `is required for a ${rule.kind} rule (${FIELD_MEANING[field]})`,
      });
    } else if (present && !required.includes(field) && !optional.includes(field)) {
      problems.push({ path: field, message: `is not used by a ${rule.kind} rule; leave it out` });
    }
  }
  if (rule.per === "server" && rule.server !== null) {
    problems.push({
      path: "server",
      message:
        'is not used by a rule that runs "per": "server" (it watches every server on its own); leave it out',
    });
  }
  if (rule.per !== null && rule.tool !== null) {
    problems.push({
      path: "tool",
      message: `is not used by a rule that runs "per": "${rule.per}" (it watches every ${rule.per} on its own); leave it out`,
    });
  }
  if (
    rule.kind === "failure_rate" &&
    rule.threshold !== null &&
    (rule.threshold <= 0 || rule.threshold > 100)
  ) {
    problems.push({
      path: "threshold",
      message: "must be a percentage above 0 and at most 100 for a failure_rate rule",
    });
  }
  if (rule.notifyNoData && !NO_DATA_KINDS.includes(rule.kind)) {
    problems.push({
      path: "notifyNoData",
      message: `is not used by a ${rule.kind} rule (only failure_rate and silent_failures rules can lack data); leave it out`,
    });
  } else if (
    rule.notifyNoData &&
    (rule.destination.type === "pagerduty" || rule.destination.type === "opsgenie")
  ) {
    problems.push({
      path: "notifyNoData",
      message: `is for webhook and Slack destinations: a ${rule.destination.type} event would open or close an incident`,
    });
  }
  if (
    rule.kind === "silent_failures" &&
    rule.threshold !== null &&
    (!Number.isInteger(rule.threshold) || rule.threshold < 1 || rule.threshold > 1_000_000)
  ) {
    problems.push({
      path: "threshold",
      message: "must be a whole number of silent failures between 1 and 1000000 for a silent_failures rule",
    });
  }
  if (
    rule.kind === "probe_failing" &&
    rule.threshold !== null &&
    (!Number.isInteger(rule.threshold) || rule.threshold < 1 || rule.threshold > (rule.ofRuns ?? 100))
  ) {
    problems.push({
      path: "threshold",
      message: "must be a whole number of failed runs from 1 to ofRuns for a probe_failing rule",
    });
  }
  return problems;
}

function normalize(input: z.infer<typeof createSchema>): RuleInput {
  return {
    name: input.name,
    kind: input.kind,
    enabled: input.enabled,
    server: input.server ?? null,
    tool: input.tool ?? null,
    per: input.per ?? null,
    windowMinutes: input.windowMinutes,
    threshold: input.threshold ?? null,
    minCalls: input.minCalls ?? null,
    ofRuns: input.ofRuns ?? null,
    driftKind: input.driftKind ?? null,
    cooldownMinutes: input.cooldownMinutes,
    severity: input.severity,
    notifyNoData: input.notifyNoData,
    destination: input.destination,
  };
}

/** A new rule from a request body or a form, or InvalidInputError naming each field and its rule. */
export function parseNewRule(body: unknown): RuleInput {
  const parsed = createSchema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(problemsOf(parsed.error));
  const rule = normalize(parsed.data);
  const problems = kindProblems(rule);
  if (problems.length > 0) throw new InvalidInputError(problems);
  return rule;
}

/**
 * A rule changed by a PATCH body: the given fields replace the rule's (null clears an
 * optional one; a destination is replaced whole); the result is checked as a new rule is.
 */
export function applyPatch(rule: RuleInput, body: unknown): RuleInput {
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(problemsOf(parsed.error));
  const patch = parsed.data;
  if (patch.kind !== undefined && patch.kind !== rule.kind) {
    throw new InvalidInputError([
      { path: "kind", message: "cannot be changed; create a new rule of the other kind instead" },
    ]);
  }
  const next: RuleInput = { ...rule };
  for (const [key, value] of Object.entries(patch) as [keyof RuleInput, unknown][]) {
    if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
  }
  const problems = kindProblems(next);
  if (problems.length > 0) throw new InvalidInputError(problems);
  return next;
}

/** "3 h", "45 min", "2 d": a window or a cool-down as people read it. */
export function formatMinutes(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/**
 * What the rule watches: "crm/lookup_lead", "server crm", "tool search", "every tool"; per server
 * or tool: "each server", "each tool of server crm".
 */
export function ruleScope(rule: Pick<AlertRule, "server" | "tool"> & { per?: Per | null }): string {
  if (rule.per === "server") return "each server";
  if (rule.per === "tool") return rule.server ? `each tool of server ${rule.server}` : "each tool";
  if (rule.server && rule.tool) return `${rule.server}/${rule.tool}`;
  if (rule.server) return `server ${rule.server}`;
  if (rule.tool) return `tool ${rule.tool}`;
  return "every tool";
}

/** The condition in words: "failure rate ≥ 50% over 5 min (at least 10 calls)". */
export function describeCondition(rule: AlertRule): string {
  const window = formatMinutes(rule.windowMinutes);
  switch (rule.kind) {
    case "failure_rate":
      return `failure rate of ${ruleScope(rule)} ≥ ${rule.threshold}% over ${window} (at least ${rule.minCalls} calls)`;
    case "silent_failures":
      return `≥ ${rule.threshold} silent failures of ${ruleScope(rule)} in ${window}`;
    case "new_signature":
      return `a new failure signature of ${ruleScope(rule)} in the last ${window}`;
    case "regressed_signature":
      return `a failure signature of ${ruleScope(rule)} regressed in the last ${window}`;
    case "tool_silent":
      return `no calls of ${ruleScope(rule)} for ${window}`;
    case "probe_failing":
      return `a probe of ${probeScope(rule)} failed ${rule.threshold} of its last ${rule.ofRuns} runs (runs in the last ${window})`;
    case "probe_drift":
      return `a ${rule.driftKind === "breaking" ? "breaking" : `${rule.driftKind} or worse`} tool schema drift seen by a probe of ${probeScope(rule)} in the last ${window}`;
  }
}

function probeScope(rule: Pick<AlertRule, "server">): string {
  return rule.server ? `server ${rule.server}` : "any server";
}
