import type { Pool, PoolClient } from "pg";
import { inTransaction } from "../db/transaction";
import { z } from "zod";
import { expected } from "../schemas/fields";
import { projectPerson } from "../auth/access";
import { InvalidInputError, type FieldProblem } from "../errors";
import { hasNoNul } from "../schemas/strings";
import { applyStatusChange, type StatusChange } from "./lifecycle";

// Triage on a failure signature, as a team does it in an issue tracker: who is on it, the issue
// that tracks its fix, what was said about it, and which signatures are one problem. Every change
// is one transaction that also writes the signature's history (signature_events, by kind).
//
// Merge: a signature merged into another keeps its own row and counts; every view counts it —
// past and future calls — in the one it was merged into (lib/queries/family.ts), and a call of
// it moves that one's lifecycle (a resolved one regresses: lib/ingest/read-model-writes.ts). An
// unmerge clears the link and so restores it exactly. Never a chain: merging into a signature that
// is itself merged is refused, and what was merged into the one being merged moves along with it.

export const COMMENT_MAX_CHARS = 10_000;
export const ISSUE_URL_MAX_CHARS = 2_000;

const SIGNATURE = /^[0-9a-f]{1,64}$/;

export const signatureId = z
  .string()
  .regex(SIGNATURE, "must be a signature: 1 to 64 lowercase hexadecimal digits");

/** An http(s) URL a person can follow (a tracker's issue); nothing else is stored. */
export function checkIssueUrl(value: string): string | null {
  if (value.length > ISSUE_URL_MAX_CHARS) return `must be at most ${ISSUE_URL_MAX_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https URL";
  if (url.username || url.password) return "must not carry a user name or password";
  return null;
}

const patchSchema = z.strictObject(
  {
    status: z
      .enum(["open", "resolved", "ignored"], expected("must be one of open, resolved, ignored"))
      .optional(),
    ignoreUntil: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date and time, e.g. 2026-12-31T18:00:00Z" })
      .optional(),
    ignoreForCalls: z
      .number(expected("must be a number"))
      .int("must be a whole number")
      .min(1, "must be between 1 and 1000000000")
      .max(1_000_000_000, "must be between 1 and 1000000000")
      .optional(),
    assignee: z
      .string(expected("must be an e-mail address or null"))
      .trim()
      .max(320, "must be at most 320 characters")
      .refine(hasNoNul, "must not contain a NUL character")
      .nullable()
      .optional(),
    linkedIssueUrl: z
      .string(expected("must be a URL or null"))
      .trim()
      .superRefine((value, context) => {
        const problem = checkIssueUrl(value);
        if (problem) context.addIssue({ code: "custom", message: problem });
      })
      .nullable()
      .optional(),
  },
  expected("must be a JSON object"),
);

export interface SignaturePatch {
  status?: StatusChange;
  /** An e-mail address, or null to unassign. */
  assignee?: string | null;
  linkedIssueUrl?: string | null;
}

function problemsOf(error: z.ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: key,
          message:
            "is not a field of a signature that can be changed (status, ignoreUntil, ignoreForCalls, assignee, linkedIssueUrl)",
        }))
      : [{ path: issue.path.map(String).join(".") || "(body)", message: issue.message }],
  );
}

/** A PATCH body, or InvalidInputError naming each field and its rule. */
export function parseSignaturePatch(body: unknown, now = new Date()): SignaturePatch {
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(problemsOf(parsed.error));
  const input = parsed.data;
  const problems: FieldProblem[] = [];
  const ignoring = input.ignoreUntil !== undefined || input.ignoreForCalls !== undefined;
  if (ignoring && input.status !== "ignored") {
    problems.push({
      path: input.ignoreUntil !== undefined ? "ignoreUntil" : "ignoreForCalls",
      message: 'is used only with "status": "ignored"',
    });
  }
  const until = input.ignoreUntil === undefined ? undefined : new Date(input.ignoreUntil);
  if (until && until.getTime() <= now.getTime()) {
    problems.push({ path: "ignoreUntil", message: "must be in the future" });
  }
  if (Object.keys(input).length === 0) {
    problems.push({
      path: "(body)",
      message: "must change at least one of status, assignee, linkedIssueUrl",
    });
  }
  if (problems.length > 0) throw new InvalidInputError(problems);
  const status: StatusChange | undefined =
    input.status === undefined
      ? undefined
      : input.status === "ignored"
        ? { status: "ignored", until, forCalls: input.ignoreForCalls }
        : { status: input.status };
  return {
    ...(status ? { status } : {}),
    ...(input.assignee !== undefined ? { assignee: input.assignee || null } : {}),
    ...(input.linkedIssueUrl !== undefined ? { linkedIssueUrl: input.linkedIssueUrl || null } : {}),
  };
}

interface LockedRow {
  status: string;
  calls: number;
  assignee_id: string | null;
  assignee_email: string | null;
  linked_issue_url: string | null;
  merged_into: string | null;
}

/** Signatures locked in one order (by signature), as ingest locks them: merges never deadlock with it. */
async function lockSignatures(
  client: PoolClient,
  projectId: string,
  signatures: string[],
): Promise<Map<string, LockedRow>> {
  const { rows } = await client.query<LockedRow & { signature: string }>(
    `SELECT s.signature, s.status, s.calls, s.assignee_id, u.email AS assignee_email, s.linked_issue_url, s.merged_into
       FROM (SELECT * FROM failure_signatures WHERE project_id = $1 AND signature = ANY($2::text[])
              ORDER BY signature FOR UPDATE) s
       LEFT JOIN users u ON u.id = s.assignee_id`,
    [projectId, signatures],
  );
  return new Map(rows.map((row) => [row.signature, row]));
}

async function record(
  client: PoolClient,
  projectId: string,
  signature: string,
  status: string,
  kind: "assignee" | "issue" | "merge" | "unmerge",
  actor: string,
  detail: string,
): Promise<void> {
  await client.query(
    `INSERT INTO signature_events (project_id, signature, actor, from_status, to_status, detail, kind)
     VALUES ($1, $2, $3, $4, $4, $5, $6)`,
    [projectId, signature, actor, status, detail, kind],
  );
}

/**
 * Changes a signature's status, assignee and linked issue together (one transaction, one history
 * entry per change). Resolves false when the project has no such signature.
 */
export async function updateSignature(
  pool: Pool,
  projectId: string,
  signature: string,
  patch: SignaturePatch,
  actor: string,
): Promise<boolean> {
  const assignee =
    patch.assignee === undefined || patch.assignee === null
      ? patch.assignee
      : await projectPerson(pool, projectId, patch.assignee);
  if (assignee === undefined && patch.assignee) {
    throw new InvalidInputError([
      { path: "assignee", message: "must be the e-mail address of a user who may see this project" },
    ]);
  }
  return inTransaction(pool, async (client) => {
    const current = (await lockSignatures(client, projectId, [signature])).get(signature);
    if (!current) return false;
    if (patch.status && current.merged_into) {
      throw new InvalidInputError([
        {
          path: "status",
          message: `cannot be changed on a signature merged into ${current.merged_into}: change that one, or unmerge this one first`,
        },
      ]);
    }
    if (patch.status) await applyStatusChange(client, projectId, signature, patch.status, actor);
    const status = patch.status?.status ?? current.status;
    if (assignee !== undefined && (assignee?.id ?? null) !== current.assignee_id) {
      await client.query(
        `UPDATE failure_signatures SET assignee_id = $3 WHERE project_id = $1 AND signature = $2`,
        [projectId, signature, assignee?.id ?? null],
      );
      await record(
        client,
        projectId,
        signature,
        status,
        "assignee",
        actor,
        assignee
          ? `assigned to ${assignee.email}`
          : `unassigned (was ${current.assignee_email ?? "a removed user"})`,
      );
    }
    if (patch.linkedIssueUrl !== undefined && patch.linkedIssueUrl !== current.linked_issue_url) {
      await client.query(
        `UPDATE failure_signatures SET linked_issue_url = $3 WHERE project_id = $1 AND signature = $2`,
        [projectId, signature, patch.linkedIssueUrl],
      );
      await record(
        client,
        projectId,
        signature,
        status,
        "issue",
        actor,
        patch.linkedIssueUrl ? `linked ${patch.linkedIssueUrl}` : `unlinked ${current.linked_issue_url}`,
      );
    }
    return true;
  });
}

export interface Comment {
  id: string;
  at: Date;
  author: string;
  body: string;
}

/** Adds a comment; null when the project has no such signature. */
export async function addComment(
  pool: Pool,
  projectId: string,
  signature: string,
  input: unknown,
  author: string,
): Promise<Comment | null> {
  const parsed = z
    .strictObject(
      {
        body: z
          .string(expected("must be a string"))
          .trim()
          .min(1, "must not be empty")
          .max(COMMENT_MAX_CHARS, `must be at most ${COMMENT_MAX_CHARS} characters`)
          .refine(hasNoNul, "must not contain a NUL character"),
      },
      expected('must be a JSON object {"body": "…"}'),
    )
    .safeParse(input);
  if (!parsed.success) throw new InvalidInputError(problemsOf(parsed.error));
  const { rows } = await pool.query<{ id: string; at: Date; author: string; body: string }>(
    `INSERT INTO signature_comments (project_id, signature, author, body)
     SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM failure_signatures WHERE project_id = $1 AND signature = $2)
     RETURNING id::text, at, author, body`,
    [projectId, signature, author, parsed.data.body],
  );
  return rows[0] ?? null;
}

/** A signature's comments, oldest first (at most the latest `limit`). */
export async function listComments(
  pool: Pick<Pool, "query">,
  projectId: string,
  signature: string,
  limit = 200,
): Promise<Comment[]> {
  const { rows } = await pool.query<Comment>(
    `SELECT * FROM (SELECT id::text, at, author, body FROM signature_comments
                     WHERE project_id = $1 AND signature = $2 ORDER BY id DESC LIMIT $3) c ORDER BY id`,
    [projectId, signature, limit],
  );
  return rows;
}

export type MergeResult =
  { merged: true; moved: string[] } | { merged: false; missing: "signature" | "into" };

/**
 * Merges `signature` into `into` (both of the project): its calls, past and future, count in
 * `into`; anything merged into `signature` moves to `into` too (no chains).
 */
export async function mergeSignature(
  pool: Pool,
  projectId: string,
  signature: string,
  into: string,
  actor: string,
): Promise<MergeResult> {
  if (into === signature) {
    throw new InvalidInputError([{ path: "into", message: "must be another signature than the one merged" }]);
  }
  return inTransaction(pool, async (client) => {
    // Its children first (read, then locked with the pair in one order).
    const children = (
      await client.query<{ signature: string }>(
        `SELECT signature FROM failure_signatures WHERE project_id = $1 AND merged_into = $2`,
        [projectId, signature],
      )
    ).rows.map((row) => row.signature);
    const locked = await lockSignatures(client, projectId, [signature, into, ...children]);
    const from = locked.get(signature);
    const target = locked.get(into);
    if (!from) return { merged: false, missing: "signature" };
    if (!target) return { merged: false, missing: "into" };
    if (target.merged_into) {
      throw new InvalidInputError([
        { path: "into", message: `is itself merged into ${target.merged_into}; merge into that one` },
      ]);
    }
    if (from.merged_into === into) return { merged: true, moved: [] };
    const moved = [signature, ...children.filter((child) => locked.get(child)?.merged_into === signature)];
    await client.query(
      `UPDATE failure_signatures SET merged_into = $3 WHERE project_id = $1 AND signature = ANY($2::text[])`,
      [projectId, moved, into],
    );
    // A merge into `signature` that committed between the read of its children and their lock.
    await client.query(
      `UPDATE failure_signatures SET merged_into = $3 WHERE project_id = $1 AND merged_into = $2`,
      [projectId, signature, into],
    );
    for (const each of moved) {
      await record(client, projectId, each, locked.get(each)!.status, "merge", actor, `merged into ${into}`);
    }
    await record(
      client,
      projectId,
      into,
      target.status,
      "merge",
      actor,
      `${moved.join(", ")} merged into this`,
    );
    return { merged: true, moved };
  });
}

/** Undoes a merge: the signature counts on its own again. False when it is not merged (or absent). */
export async function unmergeSignature(
  pool: Pool,
  projectId: string,
  signature: string,
  actor: string,
): Promise<{ unmerged: boolean; from?: string }> {
  const { rows } = await pool.query<{ merged_into: string | null }>(
    `SELECT merged_into FROM failure_signatures WHERE project_id = $1 AND signature = $2`,
    [projectId, signature],
  );
  const parent = rows[0]?.merged_into;
  if (!parent) return { unmerged: false };
  return inTransaction(pool, async (client) => {
    const locked = await lockSignatures(client, projectId, [signature, parent]);
    const first = locked.get(signature);
    if (first?.merged_into !== parent) return { unmerged: false };
    await client.query(
      `UPDATE failure_signatures SET merged_into = NULL WHERE project_id = $1 AND signature = $2`,
      [projectId, signature],
    );
    await record(client, projectId, signature, first.status, "unmerge", actor, `unmerged from ${parent}`);
    const target = locked.get(parent);
    if (target)
      await record(client, projectId, parent, target.status, "unmerge", actor, `${signature} unmerged`);
    return { unmerged: true, from: parent };
  });
}

/** A merge request's body: {"into": "<signature>"}. */
export function parseMergeBody(body: unknown): string {
  const parsed = z
    .strictObject({ into: signatureId }, expected('must be a JSON object {"into": "<signature>"}'))
    .safeParse(body);
  if (!parsed.success) throw new InvalidInputError(problemsOf(parsed.error));
  return parsed.data.into;
}
