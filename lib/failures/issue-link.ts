import type { Pool } from "pg";
import { accessibleProject, type Viewer } from "../auth/access";
import { nextStep } from "../classify/explain";
import { CATEGORIES, type Category } from "../classify/types";
import type { SignatureSummary } from "../queries/failures";

// "Open an issue": a link into the team's tracker with a new issue's title and body filled in,
// made from a URL template the project keeps ({title} and {body} replaced, URL-encoded). The
// body is Markdown every tracker named here renders (GitHub, GitLab; Jira shows it as text).
// What a sender wrote (server, tool, the example text) is put in as text inside a code block: a
// tracker renders it inert.

export const ISSUE_TEMPLATE_MAX_CHARS = 2_000;
/** A URL this long opens in every browser and tracker (GitHub refuses past about 8 KB). */
export const ISSUE_URL_MAX_CHARS = 7_500;

/** Templates for the trackers teams use; the user replaces the upper-case parts. */
export const ISSUE_TEMPLATE_EXAMPLES = {
  GitHub: "https://github.com/OWNER/REPO/issues/new?title={title}&body={body}",
  GitLab: "https://gitlab.com/GROUP/PROJECT/-/issues/new?issue[title]={title}&issue[description]={body}",
  Jira: "https://YOUR-SITE.atlassian.net/secure/CreateIssueDetails!init.jspa?pid=PROJECT-ID&issuetype=ISSUE-TYPE-ID&summary={title}&description={body}",
} as const;

/** Why a template cannot be used, or null. */
export function issueTemplateProblem(template: string): string | null {
  if (template.length > ISSUE_TEMPLATE_MAX_CHARS)
    return `must be at most ${ISSUE_TEMPLATE_MAX_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(template.replaceAll("{title}", "t").replaceAll("{body}", "b"));
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https URL";
  if (!template.includes("{title}")) return "must contain {title}, where the issue's title goes";
  return null;
}

/** The template filled in; the body is cut (with a note) so that the URL stays openable. */
export function issueUrl(template: string, issue: { title: string; body: string }): string {
  const fill = (body: string) =>
    template
      .replaceAll("{title}", encodeURIComponent(issue.title))
      .replaceAll("{body}", encodeURIComponent(body));
  let body = issue.body;
  let url = fill(body);
  while (url.length > ISSUE_URL_MAX_CHARS && body.length > 0) {
    const over = url.length - ISSUE_URL_MAX_CHARS;
    // An encoded character takes up to 9 characters of the URL: cut at least what is over.
    body = body.slice(0, Math.max(0, body.length - Math.max(over, 40)));
    url = fill(`${body}\n\n… (cut to fit a link; the rest is on the signature's page)`);
  }
  return url;
}

/** A fenced block that the text cannot close (a fence longer than any backtick run in it). */
function fenced(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

/** What an issue says of a signature: its summary, and the verdict of its latest call (as its page shows it). */
export type SignatureIssueFacts = Pick<
  SignatureSummary,
  | "signature"
  | "server"
  | "tool"
  | "outcome"
  | "category"
  | "errorCode"
  | "silentFailure"
  | "exampleText"
  | "firstSeen"
  | "lastSeen"
  | "totalCalls"
> & { retryable: boolean | null };

/** A new issue's title and Markdown body for a failure signature; `link` is its page. */
export function signatureIssue(facts: SignatureIssueFacts, link: string): { title: string; body: string } {
  const what = facts.errorCode ?? facts.category ?? facts.outcome;
  const firstLine = facts.exampleText.replace(/\s+/g, " ").trim().slice(0, 80);
  const title = `${facts.server}/${facts.tool || "-"}: ${what}${firstLine ? ` — ${firstLine}` : ""}`.slice(
    0,
    200,
  );
  const category = (CATEGORIES as readonly string[]).includes(facts.category ?? "")
    ? (facts.category as Category)
    : null;
  const step = category
    ? nextStep({
        category,
        errorCode: facts.errorCode,
        retryable: facts.retryable,
        silentFailure: facts.silentFailure,
      })
    : null;
  const body = [
    `Failure signature \`${facts.signature}\` recorded by Faultline: ${link}`,
    "",
    "| | |",
    "| --- | --- |",
    `| Server / tool | ${mdCell(`${facts.server} / ${facts.tool || "—"}`)} |`,
    `| Outcome | ${facts.silentFailure ? "silent failure (reported as a success)" : facts.outcome.replaceAll("_", " ")} |`,
    `| Category | ${facts.category ?? "—"} |`,
    `| Error code | ${mdCell(facts.errorCode ?? "—")} |`,
    `| Calls | ${facts.totalCalls.toLocaleString("en-US")} (first ${facts.firstSeen.toISOString()}, last ${facts.lastSeen.toISOString()}) |`,
    "",
    "What the agent saw (latest call):",
    "",
    fenced(facts.exampleText || "(no text)"),
    ...(step ? ["", `Next step (Faultline's advice): ${step.action}. ${step.detail}`] : []),
  ].join("\n");
  return { title, body };
}

/** Text inside a Markdown table cell: no pipes or line breaks of its own, shown as code. */
function mdCell(text: string): string {
  return `\`${text.replace(/[|`\r\n]+/g, " ").slice(0, 200)}\``;
}

/** The project's template, or null when none is set. */
export async function projectIssueTemplate(
  pool: Pick<Pool, "query">,
  projectId: string,
): Promise<string | null> {
  const { rows } = await pool.query<{ template: string | null }>(
    `SELECT issue_url_template AS template FROM projects WHERE id = $1`,
    [projectId],
  );
  return rows[0]?.template ?? null;
}

/** Sets (or, with "", clears) a project's template; anyone who may see the project may. */
export async function setIssueTemplate(
  pool: Pool,
  viewer: Viewer,
  project: string,
  template: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const value = template.trim();
  const problem = value === "" ? null : issueTemplateProblem(value);
  if (problem) return { ok: false, message: `The tracker URL ${problem}.` };
  const visible = await accessibleProject(pool, viewer, { name: project });
  if (!visible) return { ok: false, message: "No such project." };
  await pool.query(`UPDATE projects SET issue_url_template = $2 WHERE id = $1`, [visible.id, value || null]);
  return { ok: true };
}
