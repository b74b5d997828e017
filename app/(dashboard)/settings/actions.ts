"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { accessibleProject, createProject, type CreateProjectResult } from "@/lib/auth/access";
import { createProjectKey, revokeProjectKey } from "@/lib/auth/key-admin";
import { setRetention } from "@/lib/auth/retention";
import { setIssueTemplate } from "@/lib/failures/issue-link";
import { getEnv } from "@/lib/env";
import { SCOPES } from "@/lib/auth/keys";
import { db } from "@/lib/db";
import { hasNoNul } from "@/lib/schemas/strings";
import { PROJECT_COOKIE, requireUser } from "@/lib/dashboard-context";
import { submittedForm } from "@/lib/http/form";
import { safeNextPath } from "@/lib/auth/next-path";

const projectName = z
  .string()
  .trim()
  .min(1, "Project name must not be empty")
  .max(100, "Project name must be at most 100 characters")
  .regex(/^[\w.-]+$/, "Project name may use letters, digits, dot, dash and underscore");

/** A project by name, only if the signed-in user may see and change it. */
async function visibleProject(name: string) {
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  return accessibleProject(pool, user, { name });
}

export interface ActionResult {
  ok: boolean;
  message: string;
  key?: string;
}

export async function createProjectAction(
  _previous: ActionResult | null,
  submitted: FormData,
): Promise<ActionResult> {
  const formData = submittedForm(submitted);
  const parsed = projectName.safeParse(formData.get("name"));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const [user, { prisma }] = await Promise.all([requireUser(), db()]);
  const result = await createProject(prisma, user, parsed.data);
  if (!result.created) return { ok: false, message: projectRefusal(parsed.data, result) };
  (await cookies()).set(PROJECT_COOKIE, parsed.data, { httpOnly: true, sameSite: "lax", path: "/" });
  revalidatePath("/", "layout");
  return { ok: true, message: `Project ${parsed.data} is ready and selected.` };
}

function projectRefusal(name: string, refusal: Exclude<CreateProjectResult, { created: true }>): string {
  switch (refusal.reason) {
    case "taken":
      return `The name ${name} is taken. Choose another name.`;
    case "full":
      return `This instance has reached its limit of ${refusal.max.toLocaleString("en-US")} projects (FAULTLINE_MAX_PROJECTS). Ask the operator.`;
    case "rate_limited":
      return refusal.perHour === 0
        ? "Only admins create projects on this instance. Ask an admin."
        : `You have created ${refusal.perHour} projects in the last hour, the limit. Try again in ${Math.ceil(refusal.retryAfterMs / 60_000)} min, or ask an admin.`;
  }
}

export async function selectProjectAction(submitted: FormData): Promise<void> {
  const form = submittedForm(submitted);
  const parsed = projectName.safeParse(form.get("name"));
  if (!parsed.success || !(await visibleProject(parsed.data))) return;
  (await cookies()).set(PROJECT_COOKIE, parsed.data, { httpOnly: true, sameSite: "lax", path: "/" });
  revalidatePath("/", "layout");
  // The header's switcher on a page of one call or signature (of the other project) goes to the
  // list it belongs to; `next` is whatever the request says, so it stays on this site.
  const next = form.get("next");
  if (typeof next === "string" && next) redirect(safeNextPath(next));
}

const keySchema = z.object({
  project: projectName,
  name: z
    .string()
    .trim()
    .min(1, "Key name must not be empty")
    .max(100, "Key name must be at most 100 characters")
    .refine(hasNoNul, "Key name must not contain a NUL character"),
  scopes: z.array(z.enum(SCOPES)).min(1, "Choose at least one scope"),
});

export async function createKeyAction(
  _previous: ActionResult | null,
  submitted: FormData,
): Promise<ActionResult> {
  const formData = submittedForm(submitted);
  const parsed = keySchema.safeParse({
    project: formData.get("project"),
    name: formData.get("name"),
    scopes: formData.getAll("scopes"),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const [user, database] = await Promise.all([requireUser(), db()]);
  const created = await createProjectKey(database, user, parsed.data);
  if (!created.created) return { ok: false, message: created.message };
  revalidatePath("/settings");
  return {
    ok: true,
    message: `Key created for ${created.projectName}. Copy it now: it is not shown again.`,
    key: created.key,
  };
}

export async function revokeKeyAction(submitted: FormData): Promise<void> {
  const form = submittedForm(submitted);
  const id = z.uuid().safeParse(form.get("id"));
  if (!id.success) return;
  const [user, database] = await Promise.all([requireUser(), db()]);
  if ((await revokeProjectKey(database, user, id.data)).revoked) revalidatePath("/settings");
}

export async function updateRetentionAction(
  _previous: ActionResult | null,
  submitted: FormData,
): Promise<ActionResult> {
  const formData = submittedForm(submitted);
  const project = projectName.safeParse(formData.get("project"));
  if (!project.success) return { ok: false, message: project.error.issues[0]!.message };
  const days = Number(formData.get("days"));
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  const changed = await setRetention(pool, user, project.data, days, getEnv().FAULTLINE_MAX_RETENTION_DAYS);
  if (!changed.ok) return { ok: false, message: changed.message };
  revalidatePath("/settings");
  return { ok: true, message: `Calls older than ${changed.days} days will be deleted.` };
}

export async function updateIssueTemplateAction(
  _previous: ActionResult | null,
  submitted: FormData,
): Promise<ActionResult> {
  const formData = submittedForm(submitted);
  const project = projectName.safeParse(formData.get("project"));
  if (!project.success) return { ok: false, message: project.error.issues[0]!.message };
  const template = formData.get("template");
  if (typeof template !== "string" || !hasNoNul(template))
    return { ok: false, message: "The tracker URL is not text." };
  const [user, { pool }] = await Promise.all([requireUser(), db()]);
  const changed = await setIssueTemplate(pool, user, project.data, template);
  if (!changed.ok) return changed;
  revalidatePath("/settings");
  revalidatePath("/failures", "layout");
  return {
    ok: true,
    message: template.trim()
      ? "Saved: each signature's page offers “Open an issue” prefilled."
      : "Cleared: no “Open an issue” link.",
  };
}
