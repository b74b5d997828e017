"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardContext } from "@/lib/dashboard-context";
import {
  changeSignatureStatus,
  DEFAULT_IGNORE,
  IGNORE_CHOICES,
  ignoreChange,
  type IgnoreChoice,
} from "@/lib/failures/lifecycle";
import { submittedForm } from "@/lib/http/form";
import { InvalidInputError } from "@/lib/errors";
import {
  addComment,
  mergeSignature,
  parseMergeBody,
  parseSignaturePatch,
  unmergeSignature,
  updateSignature,
} from "@/lib/failures/triage";

const changeSchema = z.object({
  signature: z.string().regex(/^[0-9a-f]{1,64}$/),
  status: z.enum(["open", "resolved", "ignored"]),
  ignore: z
    .enum(Object.keys(IGNORE_CHOICES) as [IgnoreChoice, ...IgnoreChoice[]])
    .optional()
    .default(DEFAULT_IGNORE),
});

// Resolve, ignore or reopen a failure signature of the project the user is looking at.
export async function changeSignatureStatusAction(formData: FormData): Promise<void> {
  const form = submittedForm(formData);
  const parsed = changeSchema.safeParse(Object.fromEntries(form));
  // Only a forged form can fail this; there is nothing useful to tell it.
  if (!parsed.success) return;
  const { signature, status, ignore } = parsed.data;
  const { database, project, user } = await dashboardContext(Promise.resolve({}));
  if (!project) return;
  await changeSignatureStatus(
    database.pool,
    project.id,
    signature,
    status === "ignored" ? ignoreChange(ignore) : { status },
    user.email,
  );
  revalidatePath("/failures", "layout");
  revalidatePath("/");
}

/** What a triage form shows after it is sent. */
export interface TriageResult {
  ok: boolean;
  message: string;
}

const triageSchema = z.object({
  signature: z.string().regex(/^[0-9a-f]{1,64}$/),
  op: z.enum(["assign", "link", "comment", "merge", "unmerge"]),
  value: z.string().max(20_000).optional().default(""),
});

const DONE: Record<z.infer<typeof triageSchema>["op"], string> = {
  assign: "Assignee saved.",
  link: "Linked issue saved.",
  comment: "Comment added.",
  merge: "Merged.",
  unmerge: "Unmerged: it counts on its own again.",
};

// Assign, link an issue, comment, merge or unmerge a failure signature of the project shown.
export async function triageAction(
  _previous: TriageResult | null,
  formData: FormData,
): Promise<TriageResult> {
  const parsed = triageSchema.safeParse(Object.fromEntries(submittedForm(formData)));
  if (!parsed.success)
    return { ok: false, message: "This form was not sent as the page made it; reload the page." };
  const { signature, op, value } = parsed.data;
  const { database, project, user } = await dashboardContext(Promise.resolve({}));
  if (!project) return { ok: false, message: "No project is shown." };
  const pool = database.pool;
  try {
    let found = true;
    if (op === "assign" || op === "link") {
      const patch = parseSignaturePatch(
        op === "assign" ? { assignee: value || null } : { linkedIssueUrl: value || null },
      );
      found = await updateSignature(pool, project.id, signature, patch, user.email);
    } else if (op === "comment") {
      found = (await addComment(pool, project.id, signature, { body: value }, user.email)) !== null;
    } else if (op === "merge") {
      const into = parseMergeBody({ into: value.trim().toLowerCase() });
      const result = await mergeSignature(pool, project.id, signature, into, user.email);
      if (!result.merged) {
        return {
          ok: false,
          message: result.missing === "into" ? `No signature ${into} in this project.` : "No such signature.",
        };
      }
    } else {
      found = (await unmergeSignature(pool, project.id, signature, user.email)).unmerged;
    }
    if (!found)
      return { ok: false, message: "Nothing changed: the signature is gone or was changed meanwhile." };
  } catch (error) {
    if (error instanceof InvalidInputError) {
      return {
        ok: false,
        message: error.problems
          .map((problem) => `${FIELD_WORDS[problem.path] ?? problem.path} ${problem.message}`)
          .join("; "),
      };
    }
    throw error;
  }
  revalidatePath("/failures", "layout");
  return { ok: true, message: DONE[op] };
}

const FIELD_WORDS: Record<string, string> = {
  assignee: "The assignee",
  linkedIssueUrl: "The issue URL",
  body: "The comment",
  into: "The signature to merge into",
  status: "The status",
};
