"use client";

import { Link } from "@/components/ui/link";
import { useActionState, useEffect, useRef, useState } from "react";
import type { Field, RuleFields, RuleKind } from "@/lib/alerts/rules";
import {
  CHANNEL_LABELS,
  CHANNELS,
  SEVERITIES,
  type Channel,
  type OpsgenieRegion,
} from "@/lib/alerts/vocabulary";
import {
  createMuteAction,
  previewTrafficAction,
  snoozeServerAction,
  saveRuleAction,
  sendTestAction,
  type AlertActionResult,
  type TrafficPreviewResult,
} from "./actions";

// The rule form (create and edit) and the "send test" button. Only the fields the chosen kind
// and destination use are shown; the server validates whatever arrives. Server and tool offer
// the names recent calls carried (a datalist: any name may still be typed, and one no call
// carried is saved with a warning).

const input =
  "rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const button =
  "rounded-md bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900";

export interface KindOption {
  kind: RuleKind;
  label: string;
  fields: Field[];
}

export interface RuleFormValues extends RuleFields {
  channel: Channel;
  /** The saved URL or key, as shown back (never whole). */
  urlPreview?: string;
  keyPreview?: string;
  region?: OpsgenieRegion;
}

/** A new rule's fields filled in from where "Alert me on this" was clicked. */
export type RulePreset = Partial<Pick<RuleFields, "name" | "kind" | "server" | "tool">>;

/** The names recent calls carried, offered for server and tool. */
export interface KnownNameLists {
  servers: string[];
  tools: string[];
}

function Message({ state }: { state: AlertActionResult | null }) {
  if (!state) return null;
  return (
    <>
      <p
        role="status"
        className={`mt-2 text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
      >
        {state.message}
      </p>
      {state.warning ? (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300" data-testid="rule-warning">
          {state.warning}
        </p>
      ) : null}
    </>
  );
}

function Problem({ state, field }: { state: AlertActionResult | null; field: string }) {
  const problem = state?.problems?.[field];
  return problem ? <span className="text-xs text-red-700 dark:text-red-400">{problem}</span> : null;
}

const THRESHOLD_LABEL: Partial<Record<RuleKind, string>> = {
  failure_rate: "Failure rate at or above (%)",
  silent_failures: "Silent failures at or above (count)",
  probe_failing: "Failed runs (N)",
};

export function RuleForm({
  project,
  kinds,
  rule,
  preset,
  known,
}: {
  project: string;
  kinds: KindOption[];
  rule?: RuleFormValues;
  preset?: RulePreset;
  known: KnownNameLists;
}) {
  const [state, action, pending] = useActionState(saveRuleAction, null);
  const form = useRef<HTMLFormElement>(null);
  const [revision, setRevision] = useState(0);
  return (
    <form
      ref={form}
      action={action}
      className="space-y-3"
      data-testid="rule-form"
      onChange={() => setRevision((value) => value + 1)}
    >
      <input type="hidden" name="project" value={project} />
      {rule ? <input type="hidden" name="id" value={rule.id} /> : null}
      {/* New fields after every answer: their defaults are then what was typed (refused) or the rule. */}
      <RuleFields
        key={state?.nonce ?? "initial"}
        state={state}
        kinds={kinds}
        rule={rule}
        preset={state?.ok ? undefined : preset}
        known={known}
      />
      <TrafficPreview form={form} project={project} revision={`${revision}-${state?.nonce ?? ""}`} />
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className={button}>
          {rule ? "Save rule" : "Create rule"}
        </button>
        {rule ? (
          <Link href="/settings/alerts" className="text-sm underline">
            Cancel
          </Link>
        ) : null}
      </div>
      <Message state={state} />
    </form>
  );
}

function RuleFields({
  state,
  kinds,
  rule,
  preset,
  known,
}: {
  state: AlertActionResult | null;
  kinds: KindOption[];
  rule?: RuleFormValues;
  preset?: RulePreset;
  known: KnownNameLists;
}) {
  const [kind, setKind] = useState<RuleKind>(
    (state?.values?.kind as RuleKind | undefined) || rule?.kind || preset?.kind || "failure_rate",
  );
  const [channel, setChannel] = useState<Channel>(
    (state?.values?.channel as Channel | undefined) || rule?.channel || "slack",
  );
  const fields = new Set(kinds.find((option) => option.kind === kind)?.fields ?? []);
  // After a refused submission the form is reset to these: what was typed, not the saved rule.
  const echo = state?.values;
  const saved = rule ?? preset;
  const initial = (name: string, value: string | number | null | undefined, fallback = "") =>
    echo ? (echo[name] ?? "") : value === null || value === undefined ? fallback : String(value);
  const keyPreview = rule && rule.channel === channel ? rule.keyPreview : undefined;
  /** A labelled control; `name` is the rule field the server may name in a problem. */
  const field = (name: string, label: string, control: React.ReactNode) => (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={`rule-${name}`}>{label}</label>
      {control}
      <Problem state={state} field={name} />
    </div>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {field(
        "name",
        "Name",
        <input
          id="rule-name"
          name="name"
          required
          maxLength={200}
          defaultValue={initial("name", saved?.name)}
          className={input}
        />,
      )}
      {field(
        "kind",
        "Fires when",
        <select
          id="rule-kind"
          name="kind"
          defaultValue={kind}
          onChange={(event) => setKind(event.target.value as RuleKind)}
          disabled={Boolean(rule)}
          className={input}
        >
          {kinds.map((option) => (
            <option key={option.kind} value={option.kind}>
              {option.label}
            </option>
          ))}
        </select>,
      )}
      {rule ? <input type="hidden" name="kind" value={rule.kind} /> : null}
      {fields.has("server")
        ? field(
            "server",
            kind === "tool_silent" ? "Server" : "Server (empty: every server)",
            <input
              id="rule-server"
              name="server"
              maxLength={200}
              list="known-servers"
              autoComplete="off"
              defaultValue={initial("server", saved?.server)}
              className={input}
            />,
          )
        : null}
      {fields.has("tool")
        ? field(
            "tool",
            kind === "tool_silent" ? "Tool" : "Tool (empty: every tool)",
            <input
              id="rule-tool"
              name="tool"
              maxLength={200}
              list="known-tools"
              autoComplete="off"
              defaultValue={initial("tool", saved?.tool)}
              className={input}
            />,
          )
        : null}
      {fields.has("per")
        ? field(
            "per",
            "Alert",
            <select id="rule-per" name="per" defaultValue={initial("per", rule?.per)} className={input}>
              <option value="">once for the whole scope</option>
              <option value="server">for each server on its own</option>
              <option value="tool">for each tool on its own</option>
            </select>,
          )
        : null}
      {fields.has("threshold")
        ? field(
            "threshold",
            THRESHOLD_LABEL[kind] ?? "Threshold",
            <input
              id="rule-threshold"
              name="threshold"
              type="number"
              step="any"
              min={0}
              defaultValue={initial(
                "threshold",
                rule?.threshold,
                kind === "failure_rate" ? "20" : kind === "probe_failing" ? "2" : "5",
              )}
              className={input}
            />,
          )
        : null}
      {fields.has("minCalls")
        ? field(
            "minCalls",
            "Minimum calls in the window",
            <input
              id="rule-minCalls"
              name="minCalls"
              type="number"
              min={1}
              defaultValue={initial("minCalls", rule?.minCalls, "20")}
              className={input}
            />,
          )
        : null}
      {fields.has("ofRuns")
        ? field(
            "ofRuns",
            "Of its last runs (M)",
            <input
              id="rule-ofRuns"
              name="ofRuns"
              type="number"
              min={1}
              max={100}
              defaultValue={initial("ofRuns", rule?.ofRuns, "3")}
              className={input}
            />,
          )
        : null}
      {fields.has("driftKind")
        ? field(
            "driftKind",
            "Drift at least",
            <select
              id="rule-driftKind"
              name="driftKind"
              defaultValue={initial("driftKind", rule?.driftKind, "breaking")}
              className={input}
            >
              <option value="breaking">breaking (a tool removed, a parameter now required …)</option>
              <option value="warning">warning (a description, a default, an enum narrowed …)</option>
              <option value="info">info (any change, a tool added …)</option>
            </select>,
          )
        : null}
      {field(
        "windowMinutes",
        kind === "tool_silent" ? "No calls for (minutes)" : "Window (minutes)",
        <input
          id="rule-windowMinutes"
          name="windowMinutes"
          type="number"
          min={1}
          defaultValue={initial("windowMinutes", rule?.windowMinutes, "15")}
          className={input}
        />,
      )}
      {field(
        "cooldownMinutes",
        "Cool-down (minutes between messages)",
        <input
          id="rule-cooldownMinutes"
          name="cooldownMinutes"
          type="number"
          min={1}
          defaultValue={initial("cooldownMinutes", rule?.cooldownMinutes, "60")}
          className={input}
        />,
      )}
      {field(
        "severity",
        "Severity",
        <select
          id="rule-severity"
          name="severity"
          defaultValue={initial("severity", rule?.severity, "error")}
          className={input}
        >
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity}
            </option>
          ))}
        </select>,
      )}
      {field(
        "destination.type",
        "Send to",
        <select
          id="rule-destination.type"
          name="channel"
          defaultValue={channel}
          onChange={(event) => setChannel(event.target.value as Channel)}
          className={input}
        >
          {CHANNELS.map((option) => (
            <option key={option} value={option}>
              {CHANNEL_LABELS[option]}
            </option>
          ))}
        </select>,
      )}
      {channel === "webhook" || channel === "slack" ? (
        <div className="sm:col-span-2">
          {field(
            "destination.url",
            rule?.urlPreview ? `Receiver URL (empty: keep ${rule.urlPreview})` : "Receiver URL",
            <input
              id="rule-destination.url"
              name="url"
              defaultValue={echo?.url ?? ""}
              type="url"
              required={!rule?.urlPreview}
              maxLength={2000}
              placeholder={channel === "slack" ? "https://hooks.slack.com/services/…" : "https://…"}
              className={`${input} w-full`}
            />,
          )}
        </div>
      ) : (
        <>
          {field(
            channel === "pagerduty" ? "destination.routingKey" : "destination.apiKey",
            `${channel === "pagerduty" ? "Routing key (Events API v2 integration key)" : "API key (an API integration's)"}${keyPreview ? ` (empty: keep ${keyPreview})` : ""}`,
            <input
              id={channel === "pagerduty" ? "rule-destination.routingKey" : "rule-destination.apiKey"}
              name="key"
              type="password"
              autoComplete="off"
              required={!keyPreview}
              maxLength={200}
              className={input}
            />,
          )}
          {channel === "opsgenie"
            ? field(
                "destination.region",
                "Opsgenie region",
                <select
                  id="rule-destination.region"
                  name="region"
                  defaultValue={initial("region", rule?.region, "us")}
                  className={input}
                >
                  <option value="us">US (api.opsgenie.com)</option>
                  <option value="eu">EU (api.eu.opsgenie.com)</option>
                </select>,
              )
            : null}
        </>
      )}
      <datalist id="known-servers">
        {known.servers.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id="known-tools">
        {known.tools.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <label className="flex items-center gap-2 self-end text-sm">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={echo ? echo.enabled === "on" : (rule?.enabled ?? true)}
        />{" "}
        Enabled
      </label>
      {kind === "failure_rate" || kind === "silent_failures" ? (
        <label className="flex items-center gap-2 self-end text-sm">
          <input
            type="checkbox"
            name="notifyNoData"
            defaultChecked={echo ? echo.notifyNoData === "on" : (rule?.notifyNoData ?? false)}
          />{" "}
          Also say when there are too few calls to judge (webhook and Slack)
        </label>
      ) : null}
    </div>
  );
}

export function SendTestButton({ project, id }: { project: string; id: string }) {
  const [state, action, pending] = useActionState(sendTestAction, null);
  return (
    <form action={action} className="inline-flex flex-col items-end">
      <input type="hidden" name="project" value={project} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={pending} className="text-xs underline disabled:opacity-50">
        {pending ? "Sending…" : "Send test"}
      </button>
      <Message state={state} />
    </form>
  );
}

/** How long the form waits after a change before it asks for a new preview. */
const PREVIEW_DELAY_MS = 400;

/**
 * The chosen scope's calls per window over the last day, and what the minimum does to them: the
 * windows a rule could not judge ("no data"). Asked again whenever the form changes.
 */
function TrafficPreview({
  form,
  project,
  revision,
}: {
  form: React.RefObject<HTMLFormElement | null>;
  project: string;
  revision: string;
}) {
  const [preview, setPreview] = useState<TrafficPreviewResult | null>(null);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const values = Object.fromEntries(
      [...new FormData(element).entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const applies = values.kind === "failure_rate" || values.kind === "silent_failures";
    let current = true;
    const timer = setTimeout(() => {
      if (!applies) {
        setPreview(null);
        return;
      }
      previewTrafficAction({
        project,
        kind: values.kind ?? "",
        server: values.server ?? "",
        tool: values.tool ?? "",
        per: values.per ?? "",
        windowMinutes: values.windowMinutes ?? "",
        minCalls: values.kind === "failure_rate" ? (values.minCalls ?? "") : "1",
      })
        .then((result) => {
          if (current) setPreview(result);
        })
        .catch(() => {
          if (current) setPreview(null);
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [form, project, revision]);
  if (!preview) return null;
  return (
    <div
      className="rounded-md bg-zinc-50 p-2 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
      data-testid="traffic-preview"
      aria-live="polite"
    >
      <p>{preview.text}</p>
      {preview.groups.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-xs">
          {preview.groups.map((group) => (
            <li key={group.label} className="wrap-anywhere">
              <span className="font-mono">{group.label}</span>: {group.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function MuteForm({ project, rules }: { project: string; rules: { id: string; name: string }[] }) {
  const [state, action, pending] = useActionState(createMuteAction, null);
  const label = "flex flex-col gap-1 text-sm";
  const typed = (name: string, fallback = "") => state?.values?.[name] ?? fallback;
  return (
    <form action={action} className="space-y-2" data-testid="mute-form">
      <input type="hidden" name="project" value={project} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" key={state?.nonce ?? "form"}>
        <label className={label}>
          Rule
          <select name="ruleId" className={input} defaultValue={typed("ruleId")}>
            <option value="">every rule of the project</option>
            {rules.map((rule) => (
              <option key={rule.id} value={rule.id}>
                {rule.name}
              </option>
            ))}
          </select>
        </label>
        <label className={label}>
          Server (empty: every server)
          <input
            name="server"
            maxLength={200}
            list="known-servers"
            autoComplete="off"
            defaultValue={typed("server")}
            className={input}
          />
        </label>
        <label className={label}>
          Tool (empty: every tool)
          <input
            name="tool"
            maxLength={200}
            list="known-tools"
            autoComplete="off"
            defaultValue={typed("tool")}
            className={input}
          />
        </label>
        <label className={label}>
          Reason
          <input
            name="reason"
            maxLength={500}
            placeholder="database upgrade"
            defaultValue={typed("reason")}
            className={input}
          />
        </label>
        <label className={label}>
          Starts (UTC; empty: now)
          <input name="startsAt" type="datetime-local" defaultValue={typed("startsAt")} className={input} />
        </label>
        <label className={label}>
          Lasts (minutes)
          <input
            name="durationMinutes"
            type="number"
            min={1}
            required
            defaultValue={typed("durationMinutes", "60")}
            className={input}
          />
        </label>
        <label className={label}>
          Repeats
          <select name="repeat" className={input} defaultValue={typed("repeat", "none")}>
            <option value="none">once</option>
            <option value="daily">every day at that time (UTC)</option>
            <option value="weekly">every week at that time (UTC)</option>
          </select>
        </label>
        <label className={label}>
          Repeats until (UTC; empty: no end)
          <input name="until" type="datetime-local" defaultValue={typed("until")} className={input} />
        </label>
      </div>
      <button type="submit" disabled={pending} className={button}>
        Add mute window
      </button>
      <Message state={state} />
    </form>
  );
}

export function SnoozeForm({
  project,
  server,
  signature,
}: {
  project: string;
  server: string;
  signature: string;
}) {
  const [state, action, pending] = useActionState(snoozeServerAction, null);
  return (
    <form action={action} className="flex flex-wrap items-center gap-2 text-sm" data-testid="snooze-form">
      <input type="hidden" name="project" value={project} />
      <input type="hidden" name="server" value={server} />
      <input type="hidden" name="signature" value={signature} />
      <label htmlFor={`snooze-${signature}`}>Snooze alerts about {server} for</label>
      <select
        id={`snooze-${signature}`}
        name="minutes"
        defaultValue="60"
        className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="60">1 hour</option>
        <option value="240">4 hours</option>
        <option value="1440">24 hours</option>
      </select>
      <button
        type="submit"
        disabled={pending}
        className="rounded-md border border-zinc-300 px-2.5 py-1 text-sm dark:border-zinc-700"
      >
        Snooze
      </button>
      <Message state={state} />
    </form>
  );
}
