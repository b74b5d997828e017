"use server";

import { revalidatePath } from "next/cache";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { canManageUsers } from "@/lib/auth/access";
import { INVITE_PATH } from "@/lib/auth/invites";
import { inviteUser, removeUser, sendNewLink, updateUser, UserAdminError } from "@/lib/auth/user-admin";
import { projectIdsByName, typedProjectNames } from "@/lib/auth/memberships";
import { emailSchema } from "@/lib/auth/user-input";
import { SESSION_COOKIE, type SessionUser } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/dashboard-context";
import { revokedKeysNote } from "./revoked-note";
import { submittedForm } from "@/lib/http/form";

// Settings → Users. Every action asks lib/auth/access.ts whether the signed-in user may manage
// users, and lib/auth/user-admin.ts asks again inside its transaction: the page hiding the forms
// protects nothing on its own.

export interface UsersActionResult {
  ok: boolean;
  message: string;
  /** A one-time link's path, shown once. */
  link?: string;
  /** What the invite form had, to fill it again after a refusal. */
  fields?: {
    email: string;
    method: "link" | "password";
    isAdmin: boolean;
    projectIds: string[];
    addProjects: string;
  };
}

const FORBIDDEN: UsersActionResult = { ok: false, message: "Only admins can manage users." };

const userId = z.uuid("No such user.");
const projectIdList = z
  .array(z.uuid("Projects must be chosen from the list."))
  .max(1000, "Choose at most 1000 projects");
const membershipFields = { isAdmin: z.boolean(), projectIds: projectIdList };

/** The projects a form typed by name (lib/auth/memberships), as ids; or the refusal naming the unknown ones. */
async function typedProjects(actor: SessionUser, formData: FormData) {
  const { prisma } = await db();
  return projectIdsByName(prisma, actor, typedProjectNames(String(formData.get("addProjects") ?? "")));
}

async function admin(): Promise<SessionUser | null> {
  const user = await requireUser();
  return canManageUsers(user) ? user : null;
}

function refused(error: unknown): UsersActionResult {
  if (error instanceof UserAdminError) return { ok: false, message: error.message };
  throw error;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const inviteSchema = z
  .object({
    email: emailSchema,
    method: z.enum(["link", "password"], "Choose a one-time link or an initial password"),
    password: z.string(),
    ...membershipFields,
  })
  .refine((input) => input.method === "link" || input.password.length > 0, {
    message: "Enter an initial password, or choose a one-time link",
  });

export async function inviteUserAction(
  _previous: UsersActionResult | null,
  submitted: FormData,
): Promise<UsersActionResult> {
  const formData = submittedForm(submitted);
  const actor = await admin();
  if (!actor) return FORBIDDEN;
  const method = formData.get("method") === "password" ? "password" : "link";
  const raw = {
    email: formData.get("email") ?? "",
    method: formData.get("method"),
    password: formData.get("password") ?? "",
    isAdmin: formData.get("isAdmin") === "on",
    projectIds: formData.getAll("projectIds"),
  };
  const fields = {
    email: String(raw.email).slice(0, 320),
    method,
    isAdmin: raw.isAdmin,
    projectIds: raw.projectIds.map(String),
    addProjects: String(formData.get("addProjects") ?? "").slice(0, 10_000),
  } as const;
  const parsed = inviteSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message, fields };
  const typed = await typedProjects(actor, formData);
  if (!typed.ok) return { ok: false, message: typed.message, fields };
  const { prisma } = await db();
  try {
    const { user, link } = await inviteUser(prisma, actor, {
      email: parsed.data.email,
      isAdmin: parsed.data.isAdmin,
      projectIds: [...parsed.data.projectIds, ...typed.ids],
      password: parsed.data.method === "password" ? parsed.data.password : undefined,
    });
    revalidatePath("/settings/users");
    if (!link) return { ok: true, message: `${user.email} can sign in now with the initial password.` };
    return {
      ok: true,
      message: `Invited ${user.email}. Copy this link now and send it to them: it is shown only once, works once, and expires on ${day(link.expiresAt)}.`,
      link: `${INVITE_PATH}${link.token}`,
    };
  } catch (error) {
    return { ...refused(error), fields };
  }
}

export async function updateUserAction(
  _previous: UsersActionResult | null,
  submitted: FormData,
): Promise<UsersActionResult> {
  const formData = submittedForm(submitted);
  const actor = await admin();
  if (!actor) return FORBIDDEN;
  // The boxes the form showed (every project, or a page of memberships): ticked ones are kept
  // or added, unticked ones removed; typed names are added. Projects not shown stay as they are.
  const parsed = z.object({ userId, ...membershipFields, shown: projectIdList }).safeParse({
    userId: formData.get("userId"),
    isAdmin: formData.get("isAdmin") === "on",
    projectIds: formData.getAll("projectIds"),
    shown: formData.getAll("shownProjectIds"),
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const typed = await typedProjects(actor, formData);
  if (!typed.ok) return { ok: false, message: typed.message };
  const { projectIds: ticked, shown } = parsed.data;
  const { prisma } = await db();
  let revokedKeys: number;
  try {
    ({ revokedKeys } = await updateUser(prisma, actor, parsed.data.userId, {
      isAdmin: parsed.data.isAdmin,
      add: [...ticked, ...typed.ids],
      remove: shown.filter((id) => !ticked.includes(id)),
    }));
  } catch (error) {
    return refused(error);
  }
  revalidatePath("/settings/users", "layout");
  return {
    ok: true,
    message: `Saved. It applies from their next page.${revokedKeysNote(revokedKeys)}`,
  };
}

export async function sendNewLinkAction(
  _previous: UsersActionResult | null,
  submitted: FormData,
): Promise<UsersActionResult> {
  const formData = submittedForm(submitted);
  const actor = await admin();
  if (!actor) return FORBIDDEN;
  const parsed = userId.safeParse(formData.get("userId"));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const { prisma } = await db();
  try {
    const link = await sendNewLink(prisma, actor, parsed.data);
    revalidatePath("/settings/users", "layout");
    return {
      ok: true,
      message: `New link for ${link.email}. Copy it now: it is shown only once, works once, and expires on ${day(link.expiresAt)}. Any earlier link no longer works.`,
      link: `${INVITE_PATH}${link.token}`,
    };
  } catch (error) {
    return refused(error);
  }
}

export async function removeUserAction(
  _previous: UsersActionResult | null,
  submitted: FormData,
): Promise<UsersActionResult> {
  const formData = submittedForm(submitted);
  const actor = await admin();
  if (!actor) return FORBIDDEN;
  const parsed = userId.safeParse(formData.get("userId"));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const { prisma } = await db();
  let removed: { email: string; revokedKeys: number };
  try {
    removed = await removeUser(prisma, actor, parsed.data);
  } catch (error) {
    return refused(error);
  }
  revalidatePath("/settings/users", "layout");
  if (parsed.data === actor.id) {
    (await cookies()).delete(SESSION_COOKIE);
    redirect("/login");
  }
  redirect(`/settings/users?removed=${encodeURIComponent(removed.email)}&revoked=${removed.revokedKeys}`);
}
