import { categoryFromText } from "./categories";
import { httpStatusInText } from "./status-in-text";
import {
  ACCESS_OPENING,
  ERROR_OPENINGS,
  hasStackTrace,
  HTTP_STATUS_OPENING,
  httpClientError,
  STATUS_FIRST,
  TERSE_OPENINGS,
} from "./patterns";
import { htmlTitle, scanWindow } from "./text";

// Does the whole text of a result that claimed success read as the report of a failure? Only
// the opening of a text decides (and, for a short text, a few shapes anywhere in it): data that
// mentions errors further down is data. Every pattern here is anchored at the start of a line it
// is given, or bounded, so that it runs in time linear in the scan window.

export interface FailureReading {
  /**
   * The text reports an exception: a server framework's wrapper around one ("Error <doing X>:
   * <message>"), an exception class first ("KeyError: …"), a runtime's panic.
   */
  reportsException: boolean;
}

/** An exception class or a runtime's crash as the opening. */
const EXCEPTION_OPENING =
  /^(?:(?:[A-Za-z_]\w*\.)*[A-Z][\w$]*(?:Error|Exception)\s*[:(]|[Ee]xception in thread "[^"\n]{0,100}"\s+(?:[a-z_][\w$]*\.)+[A-Z]|thread '[^'\n]{0,100}' panicked at\b|panic:\s)/;

/** Emoji, symbols and markdown that decorate an opening: "❌ ", "**", "### ", "> ". One class: no overlap, no backtracking. */
const DECORATION = /^[\s>*_#`~|\p{Extended_Pictographic}\p{So}\uFE0F\u200D]+/u;

/** A tag in brackets that names an error: "[mcp_error] …", "[ERROR] …", "[Failed] …". */
const ERROR_TAG =
  /^\[(?:[\w .-]{0,30}[\s_.-])?(?:error|err|fatal|fail(?:ed|ure)?|exception)(?:[\s_.-][\w .-]{0,30})?\]/i;

/** A heading that only names a section ("### Result"): the report is on the next line. */
const SECTION_HEADING = /^(?:#{1,6}\s*)?(?:tool\s+)?(?:result|results|output|response|status)\s*:?$/i;

/** Openings that report a failure of this call itself, for any tool and at any length. */
const CALL_OPENINGS: RegExp[] = [
  /^(?:mcp|json-?rpc)[ \t]*error\b[ \t]*:?[ \t]*-?\d+/i, // "MCP error -32603: …", "Mcp error: -32603", "MCP error 403: …"
  /^-32\d{3}[ \t]*:/,
  /^(?:an?\s+)?error\s+(?:(?:while|when)\s+)?(?:calling|executing|invoking|running)\s+(?:the\s+)?(?:mcp\s+)?tool\b/i,
  /^(?:mcp\s+)?tool\s+['"`]?[\w.\-/]{1,100}['"`]?\s+(?:failed|errored)\b/i,
  /^(?:mcp\s+)?tool\s+(?:execution|call|invocation)\s+failed\b/i,
  /^(?:failed|unable)\s+to\s+(?:call|execute|invoke|run)\s+(?:the\s+)?(?:mcp\s+)?tool\b/i,
  // "Error: search_phase_execution_exception", "Error: index_not_found_exception: …": an error label and
  // a machine code open the text — the call's own report, however long what follows.
  /^error[ \t]*[:\-–][ \t]*[a-z][a-z0-9]*(?:_[a-z0-9]+){1,8}[ \t]*(?::|$)/im,
  // "Error [RECORD_NOT_FOUND]: …" (Astra DB's server): an error label with its machine code in brackets.
  /^error[ \t]*\[[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){1,8}\][ \t]*:/i,
  // "Error: 429 You exceeded your current quota" (OpenAI's SDK): an error label, then the call's HTTP status;
  // also before an error page or a body ("Error: 502 <!DOCTYPE html>…", "Error: Status code: 502\nBody: {…}").
  /^error:[ \t]+[45]\d\d[ \t]+[A-Z]/i,
  /^error:[ \t]+(?:(?:http[ \t]+)?status(?:[ \t]+code)?[ \t]*:?[ \t]*[45]\d\d\b|[45]\d\d[ \t]+(?:<|\{))/i,
  // "Projects/Budget.md: Error - ENOENT: …", "users.json: Error: …": a per-item label, then the error.
  /^[^\s:][^\n:]{0,119}:[ \t]+error[ \t]*[:\-–][ \t]+\S/i,
];

/** "Error <doing X>: <message>" (a framework's wrapper), but not "Error handling: …" (a topic). */
const WRAPPER =
  /^(?:an?\s+)?error\s+(?:(?:while|when|during)\s+)?(?!(?:handling|reporting|logging|tracking|monitoring|checking|correcting|counting|messaging|boundary|budget)\b)[a-z]+(?:ing|ion)\b[^\n:]{0,160}:\s*\S/i;

/** The document opens with an error member (a Python dict as printed, or JSON that does not parse), or with an error status. */
const ERROR_DOCUMENT = [
  /^\{\s*['"](?:error|errors|errorMessage|error_message)['"]\s*:/,
  /^\{\s*['"](?:status|statusCode|status_code)['"]\s*:\s*['"]?[45]\d\d\b/,
  /^(?:<\?xml[^<>]{0,200}\?>\s*)?<(?:Error|ErrorResponse|error|errors|fault|soap:Fault)>/, // S3, AWS Query APIs, SOAP
];

/** A short title, emphasised or as a heading, that names a failure: "**Input Error**", "# Event Not Found". */
const FAILURE_TITLE =
  /^(?:[\w'’-]+\s+){0,5}(?:error|failed|failure|expired|denied|forbidden|not found|unavailable|exceeded|unauthori[sz]ed|rejected|refused|timed out)[.!]?$/i;

/** A generic failure phrase as the whole text: "MCP tool request failed.", "调用失败". */
const GENERIC_FAILURE = [
  /^(?:the\s+)?(?:mcp\s+)?(?:tool\s+)?(?:request|call|execution|invocation|operation|action|command|task)\s+(?:has\s+)?failed[.!]*$/i,
  // Its time ran out: "The command failed to complete in 10000ms".
  /^(?:the\s+)?(?:mcp\s+)?(?:tool\s+)?(?:request|call|execution|invocation|operation|action|command|task|process|query|job)\s+(?:has\s+)?(?:failed\s+to|did\s+not|didn't)\s+(?:complete|finish|respond)\s+(?:in|within|after)\s+\d{1,9}\s*(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)[.!]*$/i,
  // The tool's own work named and failed, however it hedges: "Retrieval failed or returned no results."
  /^(?:the\s+)?(?:retrieval|search|query|lookup|fetch|upload|download|generation|export|import|sync|publish|scrape|crawl)\s+(?:has\s+)?failed(?:\s+or\s+[\w\s]{1,40})?[.!]*$/i,
  // "Bulk publish completed with status: failed": the tool's own report of its work's end.
  /^[\w\s-]{0,60}\b(?:completed|finished|ended|returned)\s+with\s+(?:status|state|result)\s*:?\s*["']?(?:failed|failure|error|errored)\b/i,
  /^(?:an?\s+)?error\s+(?:calling|executing|invoking|running)\s+(?:the\s+)?tool\b[^\n]{0,120}$/i,
  /^[\p{Script=Han}\w ]{0,12}(?:失败|错误|出错了?|异常)[。.!！]*$/u,
  /^(?:error|failed|failure|exception|not ok)[.!]*$/i, // the bare word
  // What the tool was asked to do is missing from the server: "Output format not implemented for ai_health. Set …".
  /^(?:[\w'-]+\s+){0,4}(?:is\s+)?not\s+(?:yet\s+)?implemented\b(?:\s+(?:for|in)\s+[\w.\-/]{1,60})?(?:[.!]|$)/i,
  // A framework's wrapper around a message that was empty: "Error fetching package details: ".
  /^(?:an?\s+)?error\s+(?:(?:while|when|during)\s+)?(?!(?:handling|reporting|logging|tracking|monitoring|checking|correcting|counting|messaging|boundary|budget)\b)[a-z]+(?:ing|ion)\b[^\n:]{0,160}:$/i,
];

/** An HTML error page's title: "Error", "Error 404 (Not Found)!!1", "404 - Page Not Found", "Access Denied". Not "Error Handling in Go". */
const HTML_ERROR_TITLE =
  /^(?:(?:error|oops)\b\s*(?:$|[:\-–—|(!]|[45]\d\d\b)|[45]\d\d\b|(?:[\w'’-]+\s+){0,4}(?:not found|denied|forbidden|unauthori[sz]ed|unavailable|bad gateway|timed out|timeout|too many requests|something went wrong)\b[.!]*\s*(?:$|[|\-–—])|(?:[\w'’-]+\s+){0,6}(?:down for maintenance|under maintenance|scheduled maintenance|be right back)\b|(?:sign|log)[ -]?in\b(?:\s*(?:$|[|·:\-–—]|to\b))|just a moment\.*\s*$|attention required\b)/i;

/** Asks to be called again later: the call did not do its work. */
const RETRY_LATER = /\b(?:please\s+)?(?:try|retry)\s+(?:again\s+)?later\b|\bnot ready yet\b/i;

/** "Error: …", "ValueError: …": an error label first, which a question or an explanation does not wear. */
const ERROR_LABEL =
  /^(?:(?:error|err|fatal|failure|failed|exception)\s*[:!|\-–—]|(?:[A-Za-z_]\w*\.)*[A-Z][\w$]*(?:Error|Exception)\s*[:(])/i;

/** A first sentence that explains or asks, as documentation and messages do: "Connection refused means …", "Quota exceeded? Here is …". */
const EXPLAINS =
  /\b(?:means|meaning|refers to|(?:happens?|occurs?|appears?) (?:when|if)|(?:is|are) (?:returned|raised|thrown|printed|shown|displayed|reported|logged|tracked) (?:when|if|with|by|in)|here(?:'s| is) how|how to|this (?:page|article|guide|document|section) (?:explains|describes|covers|shows))\b/i;

/** A topic as a title: "Timeout settings", "Invalid input handling: …". */
const TOPIC =
  /^(?:[\w'-]+\s+){0,3}(?:handling|settings|configuration|guide|overview|reference|tutorial|documentation|docs|faq|examples?|best practices)\s*(?::|$)/i;

function firstSentence(text: string): string {
  const end = text.search(/[.!?](?:\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

/** The opening asks or explains rather than reports (unless it wears an error label). */
function asksOrExplains(opening: Opening, lines: string[]): boolean {
  if (ERROR_LABEL.test(opening.line)) return false;
  const sentence = firstSentence(opening.line);
  if (sentence.endsWith("?") || EXPLAINS.test(sentence) || TOPIC.test(opening.title)) return true;
  // A title over a body that explains: "# Authentication Failed\n\nThis page explains …".
  return opening.decorated && lines.length > 1 && EXPLAINS.test(firstSentence(lines[1] ?? ""));
}

/** A log line, not a report: a timestamp or an upper-case level first. */
const LOG_LINE =
  /^\[?(?:\d{4}-\d\d-\d\d|\d\d:\d\d(?::\d\d)?|(?:ERROR|ERR|FATAL|WARN|WARNING|CRITICAL|CRIT|PANIC|INFO|DEBUG)\b)|\blevel=/;

/** A failure of the call itself, in the words of the one who made it: "failed to …", "… failed:". */
const CALL_FAILURE = [
  /^(?:(?:error|err|fatal|failure|failed)\s*[:!\-–—]\s*)?(?:failed to|unable to|could not|couldn't|cannot|can't)\s+\w+/i,
  /^(?:['"`]?[A-Za-z_][\w.\-/]*['"`]?\s+){0,5}failed(?:\s*[:!.]|\s*$)(?!\s*\d+\s*(?:[,;]|$))/i,
];

interface Opening {
  /** The first line with its decoration removed, joined with the next when it ends with a colon. */
  line: string;
  /** The first line with its decoration removed, alone. */
  title: string;
  /** The first line as written. */
  raw: string;
  decorated: boolean;
}

function readOpening(all: string[]): Opening {
  // Skip a first line that only names a section ("### Result") or announces work ("Calling tool…").
  const first = all[0] ?? "";
  // Or a heading naming what was asked about over one line, which is the answer: "# acme/model\n\n- Error:
  // Model 'acme/model' not found."
  const headsOneLine =
    all.length === 2 &&
    /^#{1,6}[ \t]/.test(first) &&
    ERROR_LABEL.test((all[1] ?? "").replace(/^[-*•][ \t]+/, ""));
  const preamble =
    headsOneLine || SECTION_HEADING.test(first) || (first.length <= 120 && /(?:\.\.\.|…)$/.test(first));
  const lines = all.length > 1 && preamble ? all.slice(1) : all;
  const opening = headsOneLine ? (lines[0] ?? "").replace(/^[-*•][ \t]+/, "") : (lines[0] ?? "");
  // A JSON string as the whole text ("\"Error: …\""): read what it says.
  const raw =
    lines.length === 1 && opening.length > 1 && opening.startsWith('"') && opening.endsWith('"')
      ? opening.slice(1, -1)
      : opening;
  const stripped = raw.replace(DECORATION, "");
  const title = trimDecorationEnd(stripped);
  let line = title;
  if (line.endsWith(":") && lines.length > 1) line = `${line} ${(lines[1] ?? "").replace(DECORATION, "")}`;
  return { line, title, raw, decorated: stripped.length < raw.length };
}

/** Strips trailing "**", "__", "`" and spaces by hand: a `[…]+$` regex would rescan a long run from every position. */
function trimDecorationEnd(text: string): string {
  let end = text.length;
  while (end > 0 && " \t*_`".includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

function nonBlankLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed !== "") lines.push(trimmed);
  }
  return lines;
}

/**
 * Reads a successful result's whole text as a failure report, or not. Tools whose data is other
 * systems' errors (`toolReturnsForeignErrors`: log search, issue trackers, error trackers) are
 * read for a failure of *this* call only: a protocol error or a tool-call wrapper at the start; or
 * one or two short lines, not a log line, that refuse the call (credentials, rights, rate limit,
 * bad input, unknown tool, policy), say it failed ("failed to …", "could not …"), quote an HTTP
 * client's error, ask to try again later, or are a generic failure phrase.
 */
export function readFailureText(text: string, toolReturnsForeignErrors = false): FailureReading | undefined {
  const trimmed = scanWindow(text).trim();
  if (trimmed === "") return undefined;
  if (/^<(?:!doctype|html)\b/i.test(trimmed)) {
    return HTML_ERROR_TITLE.test(htmlTitle(trimmed) ?? "") ? { reportsException: false } : undefined;
  }
  const lines = nonBlankLines(trimmed);
  const opening = readOpening(lines);
  const wrapsException = WRAPPER.test(opening.line);
  // A trace is an uncaught exception whatever its opening says: `internal` (docs/OUTCOMES.md).
  const found = {
    reportsException: wrapsException || EXCEPTION_OPENING.test(opening.line) || hasStackTrace(trimmed),
  };

  if (CALL_OPENINGS.some((pattern) => pattern.test(opening.line))) return found;
  // The call's own arguments refused by a validation library ("Error: [{"code": "invalid_type", …,
  // "path": ["query"]}]"): whatever the tool returns, a search's hits are not an issue list.
  if (ISSUE_LIST.test(trimmed)) return found;
  if (/\bMCP error -32\d{3}\b/i.test(opening.raw)) return found;
  if (ERROR_DOCUMENT.some((pattern) => pattern.test(trimmed))) return found;
  return toolReturnsForeignErrors
    ? readForeignToolText(trimmed, lines, opening, found, wrapsException)
    : readToolText(trimmed, lines, opening, found, wrapsException);
}

function readToolText(
  trimmed: string,
  lines: string[],
  opening: Opening,
  found: FailureReading,
  wrapsException: boolean,
): FailureReading | undefined {
  const short = trimmed.length <= 600 && lines.length <= 6;
  const line = opening.line;
  if (wrapsException) return found;
  if (!short && !hasStackTrace(trimmed) && !(trimmed.length <= 2000 && lines.length <= 25)) return undefined;
  if (asksOrExplains(opening, lines)) return undefined;
  if (opensAsError(opening)) return found;
  if (!short) return undefined;
  if (TERSE_OPENINGS.some((pattern) => pattern.test(line))) return found;
  if (opening.decorated && lines.length > 1 && FAILURE_TITLE.test(opening.title)) return found;
  if (STATUS_FIRST.test(line) && lines.length <= 2 && categoryFromText(trimmed) !== undefined) return found;
  if (httpClientError(trimmed)) return found;
  if (lines.length <= 2 && trimmed.length <= 300 && RETRY_LATER.test(trimmed)) return found;
  if (lines.length === 1 && GENERIC_FAILURE.some((pattern) => pattern.test(line))) return found;
  return undefined;
}

const ISSUE_LIST =
  /^(?:error|invalid (?:arguments?|input|params|parameters))[^\n]{0,40}:\s*\[\s*\{\s*"code"\s*:\s*"[a-z_]{2,40}"/i;

/** A title that names the call's own failure, not a record's ("# Checkout Error" may be an issue's title). */
const CALL_FAILURE_TITLE =
  /^(?:[\w'’-]+\s+){0,5}(?:failed|expired|denied|forbidden|not found|unavailable|exceeded|unauthori[sz]ed|rejected|refused|timed out)[.!]?$/i;

const PATH_REFUSAL =
  /^(?:the )?(?:path|file|directory|folder|working directory|cwd|workdir)\b[^\n:]{0,40}\b(?:not found|does not exist|doesn't exist|is not a directory|not allowed)\b/i;

function readForeignToolText(
  trimmed: string,
  lines: string[],
  opening: Opening,
  found: FailureReading,
  wrapsException: boolean,
): FailureReading | undefined {
  // "❌ 调用失败: HTTP 502: <html>…502 Bad Gateway…": the call's error label, the status its API answered and that
  // answer's error page, however long the page.
  if (
    opensAsError(opening) &&
    httpStatusInText(opening.raw) !== undefined &&
    /:\s*<(?:!doctype|html)\b/i.test(opening.raw)
  )
    return found;
  if (lines.length > 4 || trimmed.length > 400 || LOG_LINE.test(opening.raw)) return undefined;
  if (asksOrExplains(opening, lines)) return undefined;
  const line = opening.line;
  if (ACCESS_OPENING.test(line) || HTTP_STATUS_OPENING.test(line)) return found;
  if (CALL_FAILURE.some((pattern) => pattern.test(line))) return found;
  if (wrapsException || httpClientError(trimmed)) return found;
  // One line that opens as this call's error and quotes the status its API answered ("Ashby API
  // error: HTTP 500: …"): not a record, which would name what it is about first.
  if (lines.length === 1 && opensAsError(opening) && httpStatusInText(trimmed) !== undefined) return found;
  // The tool refusing the path it was given ("Path not found: …"), not what a command printed
  // (which names the command first: "cat: x: No such file or directory").
  if (lines.length <= 2 && PATH_REFUSAL.test(line)) return found;
  if (lines.length <= 2 && RETRY_LATER.test(trimmed)) return found;
  if (lines.length === 1 && GENERIC_FAILURE.some((pattern) => pattern.test(line))) return found;
  if (opening.decorated && lines.length > 1 && CALL_FAILURE_TITLE.test(opening.title)) return found;
  if (lines.length > 2) return undefined;
  // What refuses the call (credentials, rights, rate limit, bad input, no such tool, a policy, and
  // on a single line a timeout or an unreachable backend), not what a record in the data says.
  const refusal = categoryFromText(trimmed);
  const refusesTheCall =
    refusal !== undefined && refusal !== "internal" && (refusal !== "transient" || lines.length === 1);
  const opens = opensAsError(opening) || TERSE_OPENINGS.some((pattern) => pattern.test(line));
  return refusesTheCall && opens ? found : undefined;
}

function opensAsError(opening: Opening): boolean {
  const line = opening.line;
  return ERROR_TAG.test(opening.raw) || ERROR_OPENINGS.some((pattern) => pattern.test(line));
}
