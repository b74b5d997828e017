"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  alertsConfig,
  createRule,
  deleteRule,
  getRule,
  kindFields,
  knownNames,
  NO_DATA_KINDS,
  RULE_KINDS,
  ruleFromRow,
  scopeWarning,
  sendTest,
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
  const optional = (name: "server" | "tool" | "threshold" | "minCalls", value: unknown) =>
    used.has(name) ? { [name]: value } : {};
  return {
    name: text(formData, "name"),
    kind,
    enabled: formData.get("enabled") === "on",
    ...optional("server", text(formData, "server") || null),
    ...optional("tool", text(formData, "tool") || null),
    ...optional("threshold", numeric(text(formData, "threshold"))),
    ...optional("minCalls", numeric(text(formData, "minCalls"))),
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
