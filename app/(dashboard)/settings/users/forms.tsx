"use client";

import { useActionState, useState } from "react";
import {
  inviteUserAction,
  removeUserAction,
  sendNewLinkAction,
  updateUserAction,
  type UsersActionResult,
} from "./actions";
import { button, dangerButton, input, Message, OneTimeLink } from "./form-parts";

export interface ProjectOption {
  id: string;
  name: string;
}

function ProjectChoices({ projects, chosen }: { projects: ProjectOption[]; chosen: string[] }) {
  if (projects.length === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No projects yet.</p>;
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
      <legend className="mb-1 text-sm">Projects</legend>
      {projects.map((project) => (
        <label key={project.id} className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            name="projectIds"
            value={project.id}
            defaultChecked={chosen.includes(project.id)}
          />
          {project.name}
        </label>
      ))}
    </fieldset>
  );
}

function AdminChoice({ checked }: { checked: boolean }) {
  return (
    <label className="flex items-center gap-1 text-sm">
      <input type="checkbox" name="isAdmin" defaultChecked={checked} /> Admin (sees every project and manages
      users)
    </label>
  );
}

export function InviteForm({ projects, baseUrl }: { projects: ProjectOption[]; baseUrl: string }) {
  const [state, action, pending] = useActionState(inviteUserAction, null);
  const [method, setMethod] = useState<"link" | "password">("link");
  const fields = state?.fields;
  return (
    <form action={action} className="space-y-3" data-testid="invite-form">
      <label className="flex items-center gap-2 text-sm">
        Email
        <input
          name="email"
          type="email"
          required
          maxLength={320}
          autoComplete="off"
          defaultValue={fields?.email ?? ""}
          className={`${input} w-72 min-w-0`}
        />
      </label>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm">They sign in with</legend>
        <label className="flex items-center gap-1 text-sm">
          <input
            type="radio"
            name="method"
            value="link"
            checked={method === "link"}
            onChange={() => setMethod("link")}
          />
          a one-time link where they choose a password (shown once, expires in 7 days)
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input
            type="radio"
            name="method"
            value="password"
            checked={method === "password"}
            onChange={() => setMethod("password")}
          />
          an initial password I give them
        </label>
        {method === "password" ? (
          <label className="ml-5 flex items-center gap-2 text-sm">
            Initial password
            <input
              name="password"
              type="password"
              required
              minLength={12}
              maxLength={1000}
              autoComplete="new-password"
              className={`${input} w-64 min-w-0`}
            />
          </label>
        ) : null}
      </fieldset>
      <ProjectChoices projects={projects} chosen={fields?.projectIds ?? []} />
      <AdminChoice checked={fields?.isAdmin ?? false} />
      <button type="submit" disabled={pending} className={button}>
        Invite
      </button>
      <Message state={state} />
      {state?.link ? <OneTimeLink url={`${baseUrl}${state.link}`} /> : null}
    </form>
  );
}

export function EditUserForm({
  userId,
  isAdmin,
  projectIds,
  projects,
}: {
  userId: string;
  isAdmin: boolean;
  projectIds: string[];
  projects: ProjectOption[];
}) {
  const [state, action, pending] = useActionState(updateUserAction, null);
  return (
    <form action={action} className="space-y-3" data-testid="edit-user-form">
      <input type="hidden" name="userId" value={userId} />
      <ProjectChoices projects={projects} chosen={projectIds} />
      <AdminChoice checked={isAdmin} />
      <button type="submit" disabled={pending} className={button}>
        Save
      </button>
      <Message state={state} />
    </form>
  );
}

export function NewLinkForm({ userId, baseUrl }: { userId: string; baseUrl: string }) {
  const [state, action, pending] = useActionState(sendNewLinkAction, null);
  return (
    <form action={action}>
      <input type="hidden" name="userId" value={userId} />
      <button type="submit" disabled={pending} className={button}>
        Make a new link
      </button>
      <Message state={state} />
      {state?.link ? <OneTimeLink url={`${baseUrl}${state.link}`} /> : null}
    </form>
  );
}

export function RemoveUserForm({ userId, email }: { userId: string; email: string }) {
  const [state, action, pending] = useActionState<UsersActionResult | null, FormData>(removeUserAction, null);
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="userId" value={userId} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="confirm" required />
        Remove {email}: they are signed out at once and lose every project.
      </label>
      <button type="submit" disabled={pending} className={dangerButton}>
        Remove user
      </button>
      <Message state={state} />
    </form>
  );
}
