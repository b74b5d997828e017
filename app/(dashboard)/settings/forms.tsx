"use client";

import { useActionState, useState } from "react";
import { CopyableValue } from "@/components/ui/snippet";
import {
  createKeyAction,
  createProjectAction,
  updateRetentionAction,
  updateIssueTemplateAction,
  type ActionResult,
} from "./actions";

function Message({ state }: { state: ActionResult | null }) {
  if (!state) return null;
  return (
    <p
      role="status"
      className={`mt-2 text-sm ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {state.message}
    </p>
  );
}

const input =
  "rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const button =
  "rounded-md bg-zinc-900 px-3 py-1.5 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900";

export function CreateKeyForm({ project, allowAdmin = false }: { project: string; allowAdmin?: boolean }) {
  const [state, action, pending] = useActionState(createKeyAction, null);
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="project" value={project} />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          Name
          <input name="name" required maxLength={100} defaultValue="dashboard key" className={input} />
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="scopes" value="ingest" defaultChecked /> ingest
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="scopes" value="read" /> read
        </label>
        {allowAdmin ? (
          <label className="flex items-center gap-1 text-sm">
            <input type="checkbox" name="scopes" value="admin" /> admin (alert rules, triage)
          </label>
        ) : null}
        <button type="submit" disabled={pending} className={button}>
          Create key
        </button>
      </div>
      <Message state={state} />
      {state?.key ? (
        <CopyableValue
          value={state.key}
          what="the new key"
          testId="new-key"
          className="bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        />
      ) : null}
    </form>
  );
}

/**
 * An action's result, for as long as the context it was given in lasts: "Project X is ready"
 * goes once another project is shown. (The result and the new context arrive together.)
 */
function useResultFor<T>(result: T | null, context: string | undefined): T | null {
  const [pinned, setPinned] = useState({ result, context });
  if (pinned.result !== result) {
    setPinned({ result, context });
    return result;
  }
  return pinned.context === context ? result : null;
}

/** `shown`: the project the dashboard shows now. */
export function CreateProjectForm({ shown }: { shown?: string }) {
  const [result, action, pending] = useActionState(createProjectAction, null);
  const state = useResultFor(result, shown);
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-2 text-sm">
        New project
        <input name="name" required maxLength={100} pattern="[\w.\-]+" className={input} />
      </label>
      <button type="submit" disabled={pending} className={button}>
        Create
      </button>
      <Message state={state} />
    </form>
  );
}

export function RetentionForm({
  project,
  days,
  max,
  editable,
}: {
  project: string;
  days: number;
  /** FAULTLINE_MAX_RETENTION_DAYS */
  max: number;
  /** Only an instance admin may change retention (lib/auth/retention.ts). */
  editable: boolean;
}) {
  const [state, action, pending] = useActionState(updateRetentionAction, null);
  if (!editable)
    return (
      <p className="text-sm">
        Calls are kept for {days} days. Only an admin may change this (at most {max} days on this instance).
      </p>
    );
  return (
    <form action={action} className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="project" value={project} />
      <label className="flex items-center gap-2 text-sm">
        Keep calls for
        <input name="days" type="number" min={1} max={max} defaultValue={days} className={`${input} w-24`} />
        days
      </label>
      <button type="submit" disabled={pending} className={button}>
        Save
      </button>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        {days > max
          ? `set before this instance's maximum of ${max} (FAULTLINE_MAX_RETENTION_DAYS): a new value must be at most ${max}`
          : `at most ${max} (FAULTLINE_MAX_RETENTION_DAYS)`}
      </span>
      <Message state={state} />
    </form>
  );
}

export function IssueTemplateForm({
  project,
  template,
  examples,
}: {
  project: string;
  template: string | null;
  /** Templates for the common trackers, by name. */
  examples: Record<string, string>;
}) {
  const [state, action, pending] = useActionState(updateIssueTemplateAction, null);
  return (
    <form action={action} className="space-y-2">
      <input type="hidden" name="project" value={project} />
      <label htmlFor="issue-template" className="block text-sm">
        New-issue URL of your tracker, with <code>{"{title}"}</code> and <code>{"{body}"}</code> where the
        signature&rsquo;s title and Markdown go (leave empty for none)
      </label>
      <input
        id="issue-template"
        name="template"
        type="text"
        defaultValue={template ?? ""}
        maxLength={2000}
        className={`${input} w-full font-mono text-xs`}
        placeholder={examples.GitHub}
      />
      <button type="submit" disabled={pending} className={button}>
        Save
      </button>
      <Message state={state} />
      <ul className="space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {Object.entries(examples).map(([name, example]) => (
          <li key={name} className="break-all">
            {name}: <code>{example}</code>
          </li>
        ))}
      </ul>
    </form>
  );
}
