import { htmlTitle, scanWindow } from "./text";

// Text patterns shared by the silent-failure checks and the error-quality flags. Each
// function looks at no more than scanWindow() of its text, and each pattern is written so
// that it cannot backtrack over that window more than a constant number of times
// (test/unit/classify/pathological.test.ts feeds them the inputs that would).

const REASON_PHRASES: Record<string, string> = {
  "400": "bad request",
  "401": "unauthorized",
  "402": "payment required",
  "403": "forbidden",
  "404": "not found",
  "405": "method not allowed",
  "408": "request timeout",
  "409": "conflict",
  "410": "gone",
  "413": "payload too large",
  "415": "unsupported media type",
  "422": "unprocessable entity",
  "429": "too many requests",
  "500": "internal server error",
  "501": "not implemented",
  "502": "bad gateway",
  "503": "service unavailable",
  "504": "gateway timeout",
};

/**
 * "403 Forbidden", "HTTP/1.1 502 Bad Gateway", "401 Unauthorized: token expired", or an
 * HTML error page titled so. Only when the status line *is* the message: documentation
 * that explains what "403 Forbidden means …" does not match.
 */
export function httpStatusLine(text: string): number | undefined {
  const trimmed = scanWindow(text).trim();
  if (/^<(!doctype|html)/i.test(trimmed)) {
    const title = /^(\d{3})\s+(.+)$/.exec(htmlTitle(trimmed) ?? "");
    return title && knownStatus(title[1], title[2]) && Number(title[1]) >= 400 ? Number(title[1]) : undefined;
  }
  if (trimmed.length > 300) return undefined;
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length > 3) return undefined;
  const line =
    /^(?:HTTP\/[\d.]+\s+|(?:status|error)\s*:?\s*)?([45]\d\d)\s+([A-Za-z][A-Za-z ]*?)\s*(?:$|[:.\-–—]\s*|\()/i.exec(
      lines[0] ?? "",
    );
  if (!line || !knownStatus(line[1], line[2])) return undefined;
  if (lines.slice(1).some((other) => /^[45]\d\d\s+[A-Za-z]/.test(other.trim()))) return undefined; // a list of statuses
  return Number(line[1]);
}

function knownStatus(code: string | undefined, phrase: string | undefined): boolean {
  if (!code || !phrase) return false;
  const expected = REASON_PHRASES[code];
  return expected !== undefined && phrase.trim().toLowerCase().replace(/\s+/g, " ") === expected;
}

const ACCESS_OPENING =
  /^(permission denied|access denied|forbidden|unauthori[sz]ed|not authori[sz]ed|not authenticated|authentication (failed|required)|invalid (api[ _-]?key|token|credentials?)|(your |the )?(token|session|credentials?) (has |have )?expired|(rate limit(ed)?( exceeded)?|too many requests))\b/i;

// Each matches the first line of a message that *is* an error report.
const ERROR_OPENINGS: RegExp[] = [
  /^(error|err|fatal|failure|failed|exception)\s*[:!\-–—]\s*(?!(null|none|false|0|~|\[\]|\{\}|\d+\b))\S/i,
  /^[A-Z][\w.$]*(Error|Exception)\s*:\s*\S/,
  /^(an?\s+)?(unexpected|unknown|internal|fatal|unhandled|uncaught)\s+(server\s+)?(error|exception)\b/i,
  /^(an?\s+)?error\s+(has\s+)?(occurred|occured|was encountered|while|when|during)\b/i,
  /^something went wrong\b/i,
  /^(failed to|unable to|could not|couldn't|cannot|can't)\s+\w+/i,
  ACCESS_OPENING,
  /^traceback \(most recent call last\)/i,
  /^(the )?(request|operation|connection) (has )?timed? ?out\b/i,
  /^(the )?(service|server|upstream) (is )?(temporarily )?unavailable\b/i,
  /^(rate limit(ed)?( exceeded)?|too many requests)\b/i,
  /^no such file or directory\b/i,
];

/**
 * Text whose opening line reads as an error or exception, in a short message or before a
 * stack trace. For tools whose data is other systems' errors (log search, issue trackers)
 * only a one-line refusal of *this* call (auth, permission, rate limit) counts.
 */
export function readsAsError(text: string, toolReturnsForeignErrors = false): boolean {
  const trimmed = scanWindow(text).trim();
  if (toolReturnsForeignErrors)
    return !trimmed.includes("\n") && trimmed.length <= 200 && ACCESS_OPENING.test(trimmed);
  if (trimmed === "") return false;
  const lines = trimmed.split(/\r?\n/);
  const short = trimmed.length <= 600 && lines.length <= 5;
  if (!short && !hasStackTrace(trimmed)) return false;
  const opening = (lines[0] ?? "").replace(/^[\s>*_#`]+/, "").trim();
  return ERROR_OPENINGS.some((pattern) => pattern.test(opening));
}

// Frames are indented with spaces or tabs on one line: [ \t] and [^\n], never \s or a
// second unbounded run, so a line of thousands of "(" cannot make a pattern backtrack.
const STACK_FRAME_PATTERNS: RegExp[] = [
  /^[ \t]+at [^\n]*:\d+:\d+\)?[ \t]*$/m, // JavaScript
  /Traceback \(most recent call last\)/, // Python
  /^[ \t]+File "[^"\n]+", line \d+/m, // Python frames
  /^[ \t]+at [\w.$<>]+\([\w$]+\.(java|kt|scala):\d+\)/m, // JVM
  /^goroutine \d+ \[\w+/m, // Go
  /^[ \t]+at [\w.<>`]+\([^\n]*\) in [^\n]+:line \d+/m, // .NET
];

export function hasStackTrace(text: string): boolean {
  const scan = scanWindow(text);
  return STACK_FRAME_PATTERNS.some((pattern) => pattern.test(scan));
}

/** "ValueError: …", "httpx.ConnectError: …": a message that opens with an exception class, trace or not. */
export function namesException(text: string): boolean {
  return /^(?:[a-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\s*:/.test(firstLine(scanWindow(text).trim()));
}

/** An exception *report*: a stack trace that opens with the exception, not one quoted inside data. */
export function isRawException(text: string): boolean {
  return hasStackTrace(text) && readsAsErrorOpening(text);
}

function readsAsErrorOpening(text: string): boolean {
  const opening = firstLine(scanWindow(text).trim())
    .replace(/^[\s>*_#`]+/, "")
    .trim();
  return ERROR_OPENINGS.some((pattern) => pattern.test(opening)) || /^(Uncaught|Unhandled)\b/.test(opening);
}

const OPAQUE_MESSAGES =
  /^(error|an? error( has)? occurr?ed|unknown error|internal( server)? error|operation failed|request failed|failed|failure|fail|something went wrong|unexpected error|an unexpected error occurr?ed|server error|error occurr?ed|exception|undefined|null|not ok|oops.{0,30}|bad request|tool (call |execution )?failed)[.!]*$/i;

/** Generic text that tells the agent nothing it could act on ("Operation failed", "Error", ""). */
export function isOpaque(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 200) return false; // opaque messages are short
  const stripped = trimmed
    .replace(/^MCP error -?\d+:\s*/i, "")
    .replace(/^(error|failed)\s*:\s*/i, "")
    .trim();
  return stripped === "" || OPAQUE_MESSAGES.test(stripped);
}

/** A JSON-RPC error code quoted in tool-error prose: "MCP error -32602: Tool x not found". */
export function jsonRpcCodeInProse(text: string): string | undefined {
  const scan = scanWindow(text);
  return (
    /\b(?:MCP|JSON-?RPC)\s+error\s+(-32\d{3})\b/i.exec(scan)?.[1] ?? /^\s*(-32\d{3})\s*:/.exec(scan)?.[1]
  );
}

function firstLine(text: string): string {
  const end = text.search(/\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

const EMPTY_TEXT: RegExp[] = [
  /^(no|zero|0)\s+(?!(such|permission|permissions|access|credentials|rights|privileges|valid|auth|authorization|connection|response)\b)([a-z][\w-]*\s+){0,3}?[a-z][\w-]*s(\s+(were|was|have been))?(\s+(found|returned|available|matched|yet|to (show|display|report)))?(\s+(for|in|matching|with|on|from|under)\b.{0,80})?[.!]?$/i,
  /^(no|zero|0)\s+(results?|matches|match|data|records?|entries|items?|hits)\b.{0,80}$/i,
  /^nothing (found|to (show|display|report|return))\b.{0,60}$/i,
  /^found (0|zero|no) \w+.{0,60}$/i,
  /^(the )?(search|query) returned (no|0|zero) (results?|matches|rows)\b.{0,60}$/i,
];

/** A short text saying the tool found nothing ("No orders for this customer"). */
export function saysEmpty(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 160 || trimmed.includes("\n")) return false;
  return EMPTY_TEXT.some((pattern) => pattern.test(trimmed));
}

/** Tools whose successful output is made of other systems' errors (logs, search hits, traces). */
export function returnsForeignErrors(tool: string | null | undefined): boolean {
  return (
    !!tool &&
    /(^|[_\-.\s]|[a-z](?=[A-Z]))(logs?|grep|search|tail|journal|traces?|events?|errors?|incidents?|issues?|alerts?|sentry)([_\-.\s]|$|[A-Z])/i.test(
      tool,
    )
  );
}
