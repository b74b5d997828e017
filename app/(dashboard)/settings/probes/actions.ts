"use server";

import { randomUUID } from "node:crypto";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { alertsProject } from "@/lib/auth/access";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/dashboard-context";
import { InvalidInputError } from "@/lib/errors";
import { HttpError } from "@/lib/http/errors";
import { submittedForm } from "@/lib/http/form";
import {
  createProbe,
  deleteProbe,
  getProbe,
  parseNewProbe,
  parseProbePatch,
  probeRules,
  probeScheduleOptions,
  runAndRecord,
  runView,
  updateProbe,
} from "@/lib/probes";
import { formProblems, probeBodyFromForm, type ProbeFormText } from "@/lib/probes/form";

// Settings → Probes. Who may change a project's probes is who may manage its alerts
// (lib/auth/access alertsProject: its admins); the probe itself is validated by lib/probes exactly
// as the API validates it, from the form's text (lib/probes/form).

export interface ProbeActionResult {
  ok: boolean;
  message: string;
  /** Field → what is wrong with it. */
  problems?: Record<string, string>;
  /** Tells one answer from the next (the form's fields are renewed on each). */
  nonce?: string;
  /** What was typed, shown again when it was refused (header values are never sent back). */
  values?: Record<string, string>;
}

export interface RunActionResult {
  ok: boolean;
  message: string;
  run?: ReturnType<typeof runView>;
}

const NOT_ALLOWED = { ok: false, message: "Only an admin may manage this project's probes." } as const;

const ECHOED = [
  "name",
  "server",
  "transport",
  "url",
  "command",
  "intervalSeconds",
  "timeoutMs",
  "tool",
  "arguments",
  "expectText",
  "maxDurationMs",
  "answeredOnly",
  "enabled",
];

function text(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

async function managedProject(formData: FormData) {
  const name = z.string().min(1).max(100).safeParse(formData.get("project"));
  if (!name.success) return null;
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  return alertsProject(pool, user, { name: name.data });
}

function formText(formData: FormData): ProbeFormText {
  return {
    name: text(formData, "name"),
    server: text(formData, "server"),
    transport: text(formData, "transport"),
    url: text(formData, "url"),
    command: text(formData, "command"),
    headers: text(formData, "headers"),
    clearHeaders: formData.get("clearHeaders") === "on",
    intervalSeconds: text(formData, "intervalSeconds"),
    timeoutMs: text(formData, "timeoutMs"),
    tool: text(formData, "tool"),
    arguments: text(formData, "arguments"),
    expectText: text(formData, "expectText"),
    maxDurationMs: text(formData, "maxDurationMs"),
    answeredOnly: formData.get("answeredOnly") === "on",
    enabled: formData.get("enabled") === "on",
  };
}

export async function saveProbeAction(
  _previous: ProbeActionResult | null,
  submitted: FormData,
): Promise<ProbeActionResult> {
  const formData = submittedForm(submitted);
  return { ...(await saveProbe(formData)), nonce: randomUUID() };
}

async function saveProbe(formData: FormData): Promise<ProbeActionResult> {
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  const rules = probeRules();
  const id = text(formData, "id");
  try {
    if (!id) {
      const input = parseNewProbe(probeBodyFromForm(formText(formData)), rules);
      const created = await createProbe(pool, project.id, input, user.email);
      revalidatePath("/settings/probes");
      return {
        ok: true,
        message:
          created.transport === "stdio"
            ? `Probe “${created.name}” created. Run it where the server runs with the command below.`
            : `Probe “${created.name}” created; the instance runs it every ${created.intervalSeconds} s.`,
      };
    }
    const existing = await getProbe(pool, project.id, id);
    const patch = parseProbePatch(probeBodyFromForm(formText(formData), existing), rules);
    const updated = await updateProbe(pool, project.id, id, patch);
    revalidatePath("/settings/probes");
    return { ok: true, message: `Probe “${updated.name}” saved.` };
  } catch (error) {
    const values = Object.fromEntries(ECHOED.map((name) => [name, text(formData, name)]));
    if (error instanceof InvalidInputError) {
      return {
        ok: false,
        values,
        message: error.problems.map((problem) => `${problem.path}: ${problem.message}`).join("; "),
        problems: formProblems(error.problems),
      };
    }
    // A name taken (409) or a probe deleted meanwhile (404): said as the API says it.
    if (error instanceof HttpError && error.status < 500) {
      return {
        ok: false,
        values,
        message: error.message,
        problems: error.status === 409 ? { name: "is taken by another probe of this project" } : undefined,
      };
    }
    throw error;
  }
}

export async function deleteProbeAction(
  _previous: ProbeActionResult | null,
  submitted: FormData,
): Promise<ProbeActionResult> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  if (formData.get("confirm") !== "on") return { ok: false, message: "Tick the box to confirm." };
  const { pool } = await db();
  try {
    await deleteProbe(pool, project.id, text(formData, "id"));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { ok: false, message: error.message };
    throw error;
  }
  revalidatePath("/settings/probes");
  redirect("/settings/probes");
}

// Run now: an HTTP or SSE probe, run by this instance at once and recorded like a scheduled run.
export async function runProbeAction(
  _previous: RunActionResult | null,
  submitted: FormData,
): Promise<RunActionResult> {
  const formData = submittedForm(submitted);
  const project = await managedProject(formData);
  if (!project) return NOT_ALLOWED;
  const { pool } = await db();
  try {
    const probe = await getProbe(pool, project.id, text(formData, "id"));
    if (probe.transport === "stdio") {
      return { ok: false, message: "A stdio probe is run by faultline-probe where its server runs." };
    }
    const run = await runAndRecord(pool, probe, probeScheduleOptions());
    revalidatePath("/settings/probes");
    return {
      ok: run.ok,
      message: run.ok ? `Passed in ${run.durationMs} ms.` : `Failed: ${run.reason ?? "see the steps"}`,
      run: runView(run),
    };
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return { ok: false, message: error.message };
    throw error;
  }
}
