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

/**
 * The projects a form offers: a box per project while there are few (`boxes`: all of them);
 * past that, the names typed, beside boxes for the memberships on this page (`typed`).
 */
export type ProjectChoicesView =
  { kind: "boxes"; projects: ProjectOption[] } | { kind: "typed"; total: number; shown: ProjectOption[] };

function ProjectChoices({
  choices,
  chosen,
  typed,
  typedLabel,
}: {
  choices: ProjectChoicesView;
  chosen: string[];
  typed?: string;
  typedLabel: string;
}) {
  const boxes = choices.kind === "boxes" ? choices.projects : choices.shown;
  return (
    <div className="space-y-2">
      {choices.kind === "boxes" && boxes.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">No projects yet.</p>
      ) : null}
      {boxes.length > 0 ? (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
          <legend className="mb-1 text-sm">
            {choices.kind === "boxes" ? "Projects" : "Member of (this page)"}
          </legend>
          {boxes.map((project) => (
            <label key={project.id} className="flex items-center gap-1 text-sm">
              <input type="hidden" name="shownProjectIds" value={project.id} />
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
      ) : null}
      {choices.kind === "typed" ? (
        <label className="flex flex-wrap items-center gap-2 text-sm">
          {typedLabel}
          <input
            name="addProjects"
            maxLength={10_000}
            defaultValue={typed ?? ""}
            placeholder="exact names, e.g. payments, crm"
            className={`${input} w-96 max-w-full`}
          />
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {choices.total.toLocaleString("en-US")} projects on this instance: type names rather than pick
            from a list
          </span>
        </label>
      ) : null}
    </div>
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

export function InviteForm({ choices, baseUrl }: { choices: ProjectChoicesView; baseUrl: string }) {
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
      <ProjectChoices
        choices={choices}
        chosen={fields?.projectIds ?? []}
        typed={fields?.addProjects}
        typedLabel="Projects (names, comma-separated)"
      />
      <AdminChoice checked={fields?.isAdmin ?? false} />
      <button type="submit" disabled={pending} className={button}>
        Invite
      </button>
      <Message state={state} />
      {state?.link ? <OneTimeLink url={`${baseUrl}${state.link}`} /> : null}
    </form>
  );
}

/** `projectIds`: the memberships among the projects `choices` shows. */
export function EditUserForm({
  userId,
  isAdmin,
  projectIds,
  choices,
}: {
  userId: string;
  isAdmin: boolean;
  projectIds: string[];
  choices: ProjectChoicesView;
}) {
  const [state, action, pending] = useActionState(updateUserAction, null);
  return (
    <form action={action} className="space-y-3" data-testid="edit-user-form">
      <input type="hidden" name="userId" value={userId} />
      <ProjectChoices choices={choices} chosen={projectIds} typedLabel="Add to projects" />
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
