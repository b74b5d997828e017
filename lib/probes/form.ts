import { InvalidInputError, type FieldProblem } from "../errors";
import { splitCommand } from "./command";
import type { ProbeTransport } from "./definition";

// Settings → Probes: the form's text fields as the API's body, so that one validation
// (lib/probes/definition.ts) judges both; and each problem it names mapped back to the field that
// shows it. Header values are write-only: a blank headers field on an edit keeps the saved ones.

/** What the form sends, every field as typed (checkboxes: "on" or absent). */
export interface ProbeFormText {
  name: string;
  server: string;
  transport: string;
  url: string;
  command: string;
  headers: string;
  clearHeaders: boolean;
  intervalSeconds: string;
  timeoutMs: string;
  tool: string;
  arguments: string;
  expectText: string;
  maxDurationMs: string;
  answeredOnly: boolean;
  enabled: boolean;
}

/** A number field: empty → absent (the default), a number → it, anything else → as typed (refused). */
function numeric(value: string): number | string | undefined {
  if (value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

/** "Name: value" lines as headers; blank lines are skipped, a line without a colon is a problem. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const problems: FieldProblem[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === "") return;
    const colon = line.indexOf(":");
    if (colon <= 0) {
      problems.push({ path: "headers", message: `line ${index + 1} must be "Name: value"` });
      return;
    }
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  });
  if (problems.length > 0) throw new InvalidInputError(problems);
  return headers;
}

function callOf(form: ProbeFormText) {
  const tool = form.tool.trim();
  if (tool === "") return null;
  let args: unknown = {};
  if (form.arguments.trim() !== "") {
    try {
      args = JSON.parse(form.arguments);
    } catch (error) {
      throw new InvalidInputError([
        { path: "call.arguments", message: `must be JSON: ${(error as Error).message.slice(0, 120)}` },
      ]);
    }
  }
  const text = form.expectText.trim();
  const maxDurationMs = numeric(form.maxDurationMs);
  return {
    tool,
    arguments: args,
    expect: {
      ok: !form.answeredOnly,
      ...(text ? { text } : {}),
      ...(maxDurationMs !== undefined ? { maxDurationMs } : {}),
    },
  };
}

/**
 * The body of a new probe (`existing` absent) or of an edit's PATCH (transport fixed: it is not
 * changed by an edit; headers kept when the field is left blank, unless clearHeaders).
 */
export function probeBodyFromForm(
  form: ProbeFormText,
  existing?: { transport: ProbeTransport },
): Record<string, unknown> {
  const transport = existing?.transport ?? form.transport;
  const http = transport !== "stdio";
  const headersText = form.headers.trim();
  const headers = !http
    ? undefined
    : headersText !== ""
      ? parseHeaderLines(form.headers)
      : existing && !form.clearHeaders
        ? undefined
        : {};
  return {
    name: form.name.trim(),
    server: form.server.trim(),
    ...(existing ? {} : { transport }),
    ...(http ? { url: form.url.trim() } : { command: splitCommand(form.command) }),
    ...(headers !== undefined ? { headers } : {}),
    ...withValue("intervalSeconds", numeric(form.intervalSeconds)),
    ...withValue("timeoutMs", numeric(form.timeoutMs)),
    call: callOf(form),
    enabled: form.enabled,
  };
}

const withValue = (name: string, value: unknown) => (value === undefined ? {} : { [name]: value });

/** The form field that shows a problem the API's validation named ("call.expect.text" → expectText). */
export function formFieldOf(path: string): string {
  if (path === "call.arguments" || path.startsWith("call.arguments.")) return "arguments";
  if (path === "call.tool") return "tool";
  if (path.startsWith("call.expect.text")) return "expectText";
  if (path.startsWith("call.expect.maxDurationMs")) return "maxDurationMs";
  if (path.startsWith("call")) return "tool";
  const head = path.split(".")[0]!;
  return head === "(body)" ? "form" : head;
}

/** The problems as the form shows them: each field's messages, joined. */
export function formProblems(problems: readonly FieldProblem[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const problem of problems) {
    const field = formFieldOf(problem.path);
    const inside = problem.path.includes(".") && field === "headers" ? `${problem.path.slice(8)} ` : "";
    const message = `${inside}${problem.message}`;
    byField[field] = byField[field] ? `${byField[field]}; ${message}` : message;
  }
  return byField;
}
