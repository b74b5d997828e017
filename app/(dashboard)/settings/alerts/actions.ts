"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  alertsConfig,
  createMute,
  createRule,
  deleteMute,
  deleteRule,
  formatMinutes,
  getRule,
  kindFields,
  knownNames,
  MAX_WINDOW_MINUTES,
  NO_DATA_KINDS,
  parseMute,
  RULE_KINDS,
  ruleFromRow,
  scopeWarning,
  sendTest,
  trafficPreview,
  updateRule,
  type RuleKind,
  type RuleRow,
} from "@/lib/alerts";
import { alertsProject } from "@/lib/auth/access";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/dashboard-context";
import { InvalidInputError } from "@/lib/errors";
import { submittedForm } from "@/lib/http/form";

// Settings → Alerts. Every action checks, through lib/auth/access, that the signed-in user may
// manage the alert rules of the project named in the form; the rule itself is validated by
// lib/alerts, exactly as the API validates it.

export interface AlertActionResult {
  ok: boolean;
  message: string;
  /** Field → what is wrong with it. */
  problems?: Record<string, string>;
  /** Saved, but worth a second look (a server or tool no recent call came from). */
  warning?: string;
  /** Tells one answer from the next (the form's fields are renewed on each). */
  nonce?: string;
  /** What was submitted, shown again when it was refused (a saved receiver URL or key is never sent back, nor a typed key). */
  values?: Record<string, string>;
}

const ECHOED = [
  "name",
  "kind",
  "server",
  "tool",
  "threshold",
  "minCalls",
  "windowMinutes",
  "cooldownMinutes",
  "severity",
  "channel",
  "url",
  "region",
  "enabled",
  "notifyNoData",
  "per",
];

function submitted(formData: FormData): Record<string, string> {
  return Object.fromEntries(ECHOED.map((name) => [name, text(formData, name)]));
}

const projectName = z.string().min(1).max(100);

async function managedProject(formData: FormData) {
  const name = projectName.safeParse(formData.get("project"));
  if (!name.success) return null;
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  return alertsProject(pool, user, { name: name.data });
}

const NOT_ALLOWED: AlertActionResult = {
  ok: false,
  message: "Only an admin may manage this project's alert rules.",
};

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** A form field as a number: empty → null (cleared), not a number → the text (the rule says why). */
function numeric(value: string): number | string | null {
  if (value === "") return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

/**
 * The destination as an API body. A URL or key left blank keeps the saved one (they are never
 * sent to the browser): a URL for either URL channel, a key only for the same paging tool.
 */
function destinationBody(formData: FormData, existing?: RuleRow) {
  const type = text(formData, "channel");
  const savedKey = existing && existing.channel === type ? (existing.secret ?? "") : "";
  const key = text(formData, "key") || savedKey || undefined;
  switch (type) {
    case "pagerduty":
      return { type, routingKey: key };
    case "opsgenie":
      return { type, apiKey: key, region: text(formData, "region") || undefined };
    default:
      return { type, url: text(formData, "url") || existing?.url || "" };
  }
}

/** The form as an API body: the kind's own fields only (the form keeps the others hidden). */
function formBody(formData: FormData, kind: RuleKind, existing?: RuleRow) {
  const used = new Set<string>(kindFields(kind));
  const optional = (
    name: "server" | "tool" | "threshold" | "minCalls" | "per" | "ofRuns" | "driftKind",
    value: unknown,
  ) => (used.has(name) ? { [name]: value } : {});
  return {
    name: text(formData, "name"),
    kind,
    enabled: formData.get("enabled") === "on",
    ...optional("server", text(formData, "server") || null),
    ...optional("tool", text(formData, "tool") || null),
    ...optional("per", text(formData, "per") || null),
    ...optional("threshold", numeric(text(formData, "threshold"))),
    ...optional("minCalls", numeric(text(formData, "minCalls"))),
    ...optional("ofRuns", numeric(text(formData, "ofRuns"))),
    ...optional("driftKind", text(formData, "driftKind") || null),
    windowMinutes: numeric(text(formData, "windowMinutes")) ?? undefined,
    cooldownMinutes: numeric(text(formData, "cooldownMinutes")) ?? undefined,
    severity: text(formData, "severity") || undefined,
    // Only where it can apply (the kinds that can lack data); the API names the rule otherwise.
    ...(NO_DATA_KINDS.includes(kind) ? { notifyNoData: formData.get("notifyNoData") === "on" } : {}),
    destination: destinationBody(formData, existing),
  };
}

function refused(error: unknown, formData: FormData): AlertActionResult {
  if (!(error instanceof InvalidInputError)) throw error;
  return {
    ok: false,
    values: submitted(formData),
    message: error.problems.map((problem) => `${problem.path}: ${problem.message}`).join("; "),
    problems: Object.fromEntries(error.problems.map((problem) => [problem.path, problem.message])),
  };
}

export async function saveRuleAction(
  _previous: AlertActionResult | null,
  submitted: FormData,
): Promise<AlertActionResult> {
  const formData = submittedForm(submitted);
  return { ...(await saveRule(formData)), nonce: randomUUID() };
}

async function saveRule(formData: FormData): Promise<AlertActionResult> {
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  const { pool } = await db();
  const kind = z.enum(RULE_KINDS).safeParse(formData.get("kind"));
  if (!kind.success) {
    return {
      ok: false,
      message: "kind: choose what the rule watches",
      problems: { kind: "choose one" },
      values: submitted(formData),
    };
  }
  const id = text(formData, "id");
  const warned = async (row: RuleRow, message: string): Promise<AlertActionResult> => {
    const warning = scopeWarning(ruleFromRow(row), await knownNames(pool, project.id));
    return warning ? { ok: true, message, warning: `Warning: ${warning}.` } : { ok: true, message };
  };
  try {
    if (!id) {
      const created = await createRule(pool, project.id, formBody(formData, kind.data));
      revalidatePath("/settings/alerts");
      return warned(created, `Rule “${created.name}” created.`);
    }
    const existing = await getRule(pool, project.id, id);
    if (!existing) return { ok: false, message: "No such rule in this project." };
    const body = formBody(formData, kind.data, existing);
    const updated = await updateRule(pool, project.id, id, body, { publicUrl: alertsConfig().publicUrl });
    if (!updated) return { ok: false, message: "No such rule in this project." };
    revalidatePath("/settings/alerts");
    return warned(updated, `Rule “${updated.name}” saved.`);
  } catch (error) {
    return refused(error, formData);
  }
}

export async function deleteRuleAction(submitted: FormData): Promise<void> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return;
  const { pool } = await db();
  await deleteRule(pool, project.id, text(formData, "id"));
  revalidatePath("/settings/alerts");
}

export async function sendTestAction(
  _previous: AlertActionResult | null,
  submitted: FormData,
): Promise<AlertActionResult> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  const { pool } = await db();
  const sent = await sendTest(pool, alertsConfig(), project.id, text(formData, "id"));
  revalidatePath("/settings/alerts");
  if (!sent) return { ok: false, message: "No such rule in this project." };
  const send = sent.outcome?.send;
  if (sent.outcome?.result === "delivered") {
    return { ok: true, message: `Test message delivered (HTTP ${send?.status}, ${send?.durationMs} ms).` };
  }
  const why = send?.error ?? "not sent";
  return {
    ok: false,
    message:
      sent.outcome?.result === "retrying"
        ? `Test message not delivered: ${why}. It will be retried.`
        : `Test message not delivered: ${why}.`,
  };
}

export interface TrafficPreviewResult {
  text: string;
  groups: { label: string; text: string }[];
}

const previewSchema = z.object({
  project: projectName,
  kind: z.enum(["failure_rate", "silent_failures"]),
  server: z.string().trim().max(200).optional(),
  tool: z.string().trim().max(200).optional(),
  per: z.enum(["", "server", "tool"]).optional(),
  windowMinutes: z.coerce.number().int().min(1).max(MAX_WINDOW_MINUTES),
  minCalls: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

// The rule form's traffic preview: what the minimum will do to the chosen scope's windows.
export async function previewTrafficAction(
  input: Record<string, string>,
): Promise<TrafficPreviewResult | null> {
  const parsed = previewSchema.safeParse(input);
  if (!parsed.success) return null;
  const form = new FormData();
  form.set("project", parsed.data.project);
  const project = await managedProject(form);
  if (!project) return null;
  const { pool } = await db();
  const preview = await trafficPreview(pool, project.id, {
    kind: parsed.data.kind,
    server: parsed.data.per === "server" ? null : parsed.data.server || null,
    tool: parsed.data.per ? null : parsed.data.tool || null,
    per: parsed.data.per || null,
    windowMinutes: parsed.data.windowMinutes,
    minCalls: parsed.data.minCalls ?? null,
  });
  return {
    text: preview.text,
    groups: preview.groups.map((group) => ({
      label: group.tool === null ? group.server : `${group.server}/${group.tool}`,
      text: `${group.min}–${group.max} calls per window (median ${group.median}); ${group.belowMinimum} of ${group.windows} below the minimum`,
    })),
  };
}

/** A datetime-local value read as UTC (the form says so), as ISO 8601; "" stays absent. */
function utc(value: string): string | undefined {
  if (value === "") return undefined;
  // A date picker gives minutes ("2026-12-06T22:00"); seconds are optional in what it gives.
  const local = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value);
  return local ? `${local[1]}${local[2] ?? ":00"}Z` : value;
}

const MUTE_FIELDS = ["ruleId", "server", "tool", "startsAt", "durationMinutes", "repeat", "until", "reason"];

export async function createMuteAction(
  _previous: AlertActionResult | null,
  submitted: FormData,
): Promise<AlertActionResult> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  try {
    const input = parseMute({
      ruleId: text(formData, "ruleId") || null,
      server: text(formData, "server") || null,
      tool: text(formData, "tool") || null,
      startsAt: utc(text(formData, "startsAt")),
      durationMinutes: numeric(text(formData, "durationMinutes")) ?? undefined,
      repeat: text(formData, "repeat") || "none",
      until: utc(text(formData, "until")) ?? null,
      reason: text(formData, "reason"),
    });
    await createMute(pool, project.id, input, user.email);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return {
      ok: false,
      message: error.problems.map((problem) => `${problem.path}: ${problem.message}`).join("; "),
      nonce: randomUUID(),
      // What was typed, shown again: a refused window is corrected, not typed anew.
      values: Object.fromEntries(MUTE_FIELDS.map((name) => [name, text(formData, name)])),
    };
  }
  revalidatePath("/settings/alerts");
  return { ok: true, message: "Mute window saved.", nonce: randomUUID() };
}

export async function deleteMuteAction(submitted: FormData): Promise<void> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return;
  const { pool } = await db();
  await deleteMute(pool, project.id, text(formData, "id"));
  revalidatePath("/settings/alerts");
}

/** Snooze choices on a failure signature's page: how long its server's alerts are held. */
const SNOOZE_MINUTES = new Set([60, 240, 1440]);

// "Snooze": a one-off window holding every alert about the signature's server, from now.
export async function snoozeServerAction(
  _previous: AlertActionResult | null,
  submitted: FormData,
): Promise<AlertActionResult> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  const minutes = Number(text(formData, "minutes"));
  if (!SNOOZE_MINUTES.has(minutes)) return { ok: false, message: "Choose how long to snooze." };
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  const server = text(formData, "server");
  try {
    const input = parseMute({
      server,
      durationMinutes: minutes,
      reason: `snoozed from failure signature ${text(formData, "signature").slice(0, 64)}`,
    });
    await createMute(pool, project.id, input, user.email);
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    return { ok: false, message: error.message };
  }
  revalidatePath("/settings/alerts");
  revalidatePath("/failures", "layout");
  return { ok: true, message: `Alerts about ${server} are held for ${formatMinutes(minutes)}.` };
}
