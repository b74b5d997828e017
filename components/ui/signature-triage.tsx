"use client";

import { useActionState } from "react";
import { triageAction, type TriageResult } from "@/app/(dashboard)/failures/actions";
import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";

// Triage on a failure signature's page: who is on it, the issue that tracks its fix (or one to
// open, prefilled), merging it with the signature that is the same problem, and the team's
// comments. Each part is a plain form posting one server action (lib/failures/triage.ts).

const input =
  "min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";
const button =
  "shrink-0 rounded-md border border-zinc-300 px-2.5 py-1 text-sm font-medium hover:bg-zinc-100 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800";

function Said({ state, testId }: { state: TriageResult | null; testId: string }) {
  if (!state) return null;
  return (
    <p
      role="status"
      data-testid={testId}
      className={`mt-1 text-xs ${state.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {state.message}
    </p>
  );
}

function Hidden({ signature, op }: { signature: string; op: string }) {
  return (
    <>
      <input type="hidden" name="signature" value={signature} />
      <input type="hidden" name="op" value={op} />
    </>
  );
}

export interface TriageProps {
  signature: string;
  assignee: string | null;
  /** Who it may be assigned to: the users who may see the project. */
  people: string[];
  linkedIssueUrl: string | null;
  /** "Open an issue" prefilled, when the project has a tracker template. */
  newIssueHref: string | null;
  mergedInto: string | null;
  merged: { signature: string; calls: number; exampleText: string }[];
  comments: { id: string; at: Date; author: string; body: string }[];
}

export function SignatureTriage(props: TriageProps) {
  const [assigned, assign, assigning] = useActionState(triageAction, null);
  const [linked, link, linking] = useActionState(triageAction, null);
  const [mergedState, merge, merging] = useActionState(triageAction, null);
  const [commented, comment, commenting] = useActionState(triageAction, null);
  const { signature } = props;
  if (props.mergedInto) {
    // Merged: it counts in the other signature, where it is triaged; here only the way back.
    return (
      <div className="space-y-4 text-sm" data-testid="signature-triage">
        <p className="rounded-md bg-amber-50 p-2 dark:bg-amber-950" data-testid="merged-into">
          Merged into{" "}
          <Link href={`/failures/${props.mergedInto}`} className="font-mono underline">
            {props.mergedInto.slice(0, 12)}
          </Link>
          : its calls, past and future, count there, and it is triaged there.
        </p>
        <form action={merge}>
          <Hidden signature={signature} op="unmerge" />
          <button type="submit" className={button} disabled={merging} data-testid="unmerge">
            Unmerge
          </button>
          <Said state={mergedState} testId="merge-result" />
        </form>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-sm" data-testid="signature-triage">
      <form action={assign}>
        <Hidden signature={signature} op="assign" />
        <label htmlFor={`assignee-${signature}`} className="mb-1 block font-medium">
          Assignee
        </label>
        <div className="flex gap-2">
          <select
            id={`assignee-${signature}`}
            name="value"
            defaultValue={props.assignee ?? ""}
            className={`${input} flex-1`}
          >
            <option value="">Nobody</option>
            {props.people.map((email) => (
              <option key={email} value={email}>
                {email}
              </option>
            ))}
          </select>
          <button type="submit" className={button} disabled={assigning}>
            Assign
          </button>
        </div>
        <Said state={assigned} testId="assign-result" />
      </form>
      <form action={link}>
        <Hidden signature={signature} op="link" />
        <label htmlFor={`issue-${signature}`} className="mb-1 block font-medium">
          Linked issue
        </label>
        <div className="flex gap-2">
          <input
            id={`issue-${signature}`}
            name="value"
            type="url"
            placeholder="https://github.com/org/repo/issues/42"
            defaultValue={props.linkedIssueUrl ?? ""}
            className={`${input} flex-1`}
          />
          <button type="submit" className={button} disabled={linking}>
            Link
          </button>
        </div>
        <Said state={linked} testId="link-result" />
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
          {props.linkedIssueUrl ? (
            <a
              href={props.linkedIssueUrl}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="break-all underline"
              data-testid="linked-issue"
            >
              {props.linkedIssueUrl}
            </a>
          ) : props.newIssueHref ? (
            <a
              href={props.newIssueHref}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="underline"
              data-testid="open-issue"
            >
              Open an issue in your tracker (prefilled)
            </a>
          ) : (
            <>
              No tracker set up for &ldquo;Open an issue&rdquo;:{" "}
              <Link href="/settings#issue-tracker" className="underline">
                add its URL in Settings
              </Link>
              .
            </>
          )}
        </p>
      </form>
      <form action={merge}>
        <Hidden signature={signature} op="merge" />
        <label htmlFor={`merge-${signature}`} className="mb-1 block font-medium">
          Same problem as another signature?
        </label>
        <div className="flex gap-2">
          <input
            id={`merge-${signature}`}
            name="value"
            placeholder="its signature id"
            pattern="[0-9a-fA-F]{1,64}"
            className={`${input} flex-1 font-mono`}
            required
          />
          <button type="submit" className={button} disabled={merging}>
            Merge into it
          </button>
        </div>
        <Said state={mergedState} testId="merge-result" />
      </form>
      {props.merged.length > 0 ? (
        <div>
          <p className="mb-1 font-medium">Merged into this one (counted here)</p>
          <ul className="space-y-1" data-testid="merged-signatures">
            {props.merged.map((each) => (
              <li key={each.signature} className="flex items-center justify-between gap-2">
                <Link
                  href={`/failures/${each.signature}`}
                  className="min-w-0 truncate font-mono text-xs underline"
                  title={each.exampleText}
                >
                  {each.signature.slice(0, 12)} · {each.calls.toLocaleString("en-US")} calls
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <p className="mb-1 font-medium">Comments</p>
        {props.comments.length === 0 ? (
          <p className="text-zinc-500 dark:text-zinc-400">None yet.</p>
        ) : (
          <ol className="space-y-2" data-testid="signature-comments">
            {props.comments.map((each) => (
              <li key={each.id} className="rounded-md bg-zinc-50 p-2 dark:bg-zinc-800">
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  <strong>{each.author}</strong> · <LocalTime value={each.at} />
                </p>
                <p className="break-words whitespace-pre-wrap">{each.body}</p>
              </li>
            ))}
          </ol>
        )}
        <form action={comment} className="mt-2">
          <Hidden signature={signature} op="comment" />
          <label htmlFor={`comment-${signature}`} className="sr-only">
            Add a comment
          </label>
          <textarea
            id={`comment-${signature}`}
            name="value"
            rows={2}
            maxLength={10_000}
            required
            placeholder="What you found, what you tried"
            className={`${input} w-full`}
          />
          <button type="submit" className={`${button} mt-1`} disabled={commenting}>
            Add comment
          </button>
          <Said state={commented} testId="comment-result" />
        </form>
      </div>
    </div>
  );
}
