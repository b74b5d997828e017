import { categoryFromCode, categoryFromText, defaultRetryable } from "./categories";
import { storedCode } from "./codes";
import { isObject, parseJsonText } from "./json";
import { insideOutputFrame, withoutTerminalDress } from "./labelled";
import { metadataSources, readMetadata } from "./metadata";
import {
  hasStackTrace,
  isOpaque,
  isRawException,
  jsonRpcCodeInProse,
  namesException,
  failsOnCallersInput,
} from "./patterns";
import { retryHintInText } from "./evidence";
import { inspectPayload } from "./payload";
import { readFailure } from "./reader";
import { computeSignature } from "./signature";
import type { Draft } from "./draft";
import { protocolFailure, transportFailure } from "./wire-failures";
import { boundText, codePointLength, sanitizeText } from "./text";
import { blockTexts, contentBlockCount, readWire, resultText, type Wire } from "./wire";
import {
  MAX_TEXT_CODE_POINTS,
  STORED_TEXT_WINDOW,
  TOOL_CALL,
  type CallReport,
  type Category,
  type Classification,
  type Flag,
} from "./types";

export * from "./types";

// Turns what a sender reported about one MCP call into the outcome model (docs/OUTCOMES.md).
// Pure: no I/O, no clock, no database. Precedence: transport, protocol, tool, then the
// silent-failure, partial and empty checks on a result that claims success.

export interface ClassifyOptions {
  /**
   * Masks secrets in what is stored: the text (classification sees the original) and the
   * error code. Labels and transport errors reach classify already masked (lib/ingest/prepare).
   */
  redact?: (text: string) => string;
}

export function classify(report: CallReport, options: ClassifyOptions = {}): Classification {
  const wire = readWire(report.response);
  const draft =
    transportFailure(report, wire) ??
    protocolFailure(report, wire) ??
    toolOutcome(report, wire) ??
    digested(report);
  return finish(report, draft, options);
}

// --- layer 3: tool, and the checks on a success ----------------------------------------

function toolOutcome(report: CallReport, wire: Wire): Draft | undefined {
  if (wire.kind !== "result") return undefined;
  // The 2024-10-07 revision's result shape, { toolResult: { content, isError } }: the answer is
  // one level down. Later clients read such a result as a success with no content.
  const nested = compatibilityResult(wire.result);
  const result = nested ?? wire.result;
  const text = resultText(result);
  // Another method's result (initialize's, tools/list's) is no tool's answer: it succeeded, and
  // nothing in it is read as silent, partial or empty.
  if (report.method !== TOOL_CALL) return { outcome: "ok", flags: [], text };
  // The server answered, but the client library refused the result (it did not fit the protocol):
  // the host got the library's error, not the answer — the server's result is broken.
  // (A failure the client also refused keeps the wire's verdict, with the client's words.)
  if (report.clientError && result.isError !== true) return clientRejected(report, result);
  // Read without what a terminal tool dresses every answer in, and inside the frame a tool puts its output in;
  // stored as the agent saw it.
  const read = insideOutputFrame(withoutTerminalDress(text));
  if (result.isError === true) {
    const failure = {
      ...toolError(read, result.structuredContent, undefined, failsOnCallersInput(report.tool, read)),
      text,
    };
    const rejected = report.clientError
      ? { flags: [...failure.flags, "client_rejected_result" as const], text: report.clientError.message }
      : {};
    return nested
      ? { ...failure, outcome: "ok", silentFailure: true, flags: ["nested_error_flag", ...failure.flags] }
      : { ...failure, ...rejected };
  }
  return {
    ...successChecks(report, read, result.structuredContent, contentBlockCount(result), result),
    text,
  };
}

/** result.toolResult when the result is the 2024-10-07 shape (no content of its own), else undefined. */
function compatibilityResult(result: Record<string, unknown>): Record<string, unknown> | undefined {
  if (Array.isArray(result.content) || !isObject(result.toolResult)) return undefined;
  return isToolResult(result.toolResult) ? result.toolResult : undefined;
}

/**
 * A result the client library refused. When its own words are a failure — a block of a type the
 * protocol lacks, {"type": "error", "text": …}, or words that read as one — the outcome follows the
 * wire: a success whose payload failed, read from those words. Otherwise the server's answer is
 * broken: internal.
 */
function clientRejected(report: CallReport, result: Record<string, unknown>): Draft {
  const message = report.clientError?.message ?? "";
  const words = blockTexts(result);
  const content = Array.isArray(result.content) ? result.content : [];
  if (words !== "" && content.some((block) => isObject(block) && block.type === "error")) {
    const failure = toolError(words, result.structuredContent);
    return {
      ...failure,
      outcome: "ok",
      silentFailure: true,
      flags: ["error_object", ...failure.flags, "client_rejected_result"],
      text: message,
    };
  }
  if (words !== "") {
    const payload = successChecks(report, words, result.structuredContent, contentBlockCount(result), result);
    if (payload.silentFailure)
      return { ...payload, flags: [...payload.flags, "client_rejected_result"], text: message };
  }
  const verdict = readFailure({ text: message, structured: undefined, reportsException: false });
  return {
    outcome: "protocol_error",
    category: "internal",
    errorCode: verdict.errorCode,
    flags: ["client_rejected_result"],
    text: message,
  };
}

/**
 * An isError result, read with every rule a silent failure gets (lib/classify/reader). When the tool
 * runs the caller's code, an exception in it is that code failing — the caller's to fix, every time.
 */
function toolError(
  text: string,
  structuredContent: unknown,
  reportedCode?: string,
  callerCode = false,
): Draft {
  const reportsException = hasStackTrace(text) || namesException(text);
  const verdict = readFailure({
    text: reportedCode ? `${reportedCode}: ${text}` : text,
    structured: structuredContent,
    reportsException,
  });
  // An exception (or an exception's message) from a run of the caller's code, with no code of its own.
  const callersException =
    callerCode && verdict.category === "internal" && (reportsException || verdict.errorCode === undefined);
  return {
    outcome: "tool_error",
    errorCode: reportedCode ?? verdict.errorCode,
    category: callersException ? "validation" : verdict.category,
    explicitRetryable: verdict.retryable,
    codeInProse: reportedCode === undefined && verdict.codeInProse,
    flags: jsonRpcCodeInProse(text) ? ["protocol_error_in_result"] : [],
    text,
  };
}

function successChecks(
  report: CallReport,
  text: string,
  structuredContent: unknown,
  contentBlocks: number | undefined,
  result?: Record<string, unknown>,
): Draft {
  const verdict = inspectPayload({
    tool: report.tool,
    text,
    structuredContent,
    contentBlocks,
    otherMembers: result ? ownMembers(result) : undefined,
  });
  if (!verdict.silent) {
    const flags: Flag[] = [];
    if (verdict.partial) flags.push("graphql_partial");
    if (verdict.empty) flags.push("empty_result");
    return { outcome: "ok", partial: verdict.partial, empty: verdict.empty, flags, text };
  }
  const meta = readMetadata(metadataSources(structuredContent, text));
  const errorCode = verdict.silent.errorCode ?? meta.code;
  const flag = verdict.silent.flag;
  const category =
    meta.category ??
    verdict.silent.category ??
    (errorCode ? categoryFromCode(errorCode) : undefined) ??
    categoryFromText(text) ??
    "unknown";
  return {
    outcome: "ok",
    silentFailure: true,
    errorCode,
    // Read from the words: an error line, or a status line that is not a JSON document.
    codeInProse:
      errorCode !== undefined &&
      errorCode !== meta.code &&
      (flag === "error_text" || (flag === "http_error_text" && parseJsonText(text) === undefined)),
    // What the caller's command or code failed with, reported without isError (as toolError reads it).
    category:
      category === "internal" && errorCode === undefined && failsOnCallersInput(report.tool, text)
        ? "validation"
        : category,
    explicitRetryable: meta.retryable ?? retryHintInText(text),
    flags: [verdict.silent.flag],
    text,
  };
}

const PROTOCOL_MEMBERS = new Set([
  "content",
  "structuredContent",
  "isError",
  "_meta",
  "toolResult",
  "resultType",
]);

/**
 * What a result carries beside the protocol's members: a server that answers `{ files: [...] }`
 * instead of content blocks still answered something (the client accepted it). So does one that puts its
 * API's answer under the old revision's `toolResult` name beside empty content (`{ content: [], toolResult:
 * { data: [...] } }`): a `toolResult` that is no tool result (none of its members) is the server's own.
 */
function ownMembers(result: Record<string, unknown>): Record<string, unknown> | undefined {
  const own = Object.entries(result).filter(
    ([name, value]) => !PROTOCOL_MEMBERS.has(name) || (name === "toolResult" && !isToolResult(value)),
  );
  return own.length > 0 ? Object.fromEntries(own) : undefined;
}

function isToolResult(value: unknown): boolean {
  return isObject(value) && (Array.isArray(value.content) || typeof value.isError === "boolean");
}

/** Senders that only have digested fields: isError, errorCode, text. */
function digested(report: CallReport): Draft {
  const text = report.text ?? "";
  const reportedCode = report.errorCode?.trim() || undefined;
  if (report.isError === true || (report.isError == null && reportedCode)) {
    return toolError(text, undefined, reportedCode);
  }
  if (report.text == null || report.method !== TOOL_CALL) return { outcome: "ok", flags: [], text };
  return successChecks(report, text, undefined, undefined);
}

// --- derived fields common to every layer ----------------------------------------------

const TRY_LATER: ReadonlySet<Category> = new Set(["transient", "rate_limited"]);

/**
 * retry_hint: the server's answer says whether a retry can help — an explicit verdict (retryable
 * metadata, a Retry-After) or a code that itself means "try later" (rate_limited, upstream_unreachable,
 * http_503). A bare -32603 or "Operation failed" says nothing either way.
 */
function saysWhetherToRetry(draft: Draft, errorCode: string | null): boolean {
  if (draft.explicitRetryable !== undefined) return true;
  const byCode = errorCode ? categoryFromCode(errorCode) : undefined;
  return byCode !== undefined && TRY_LATER.has(byCode);
}

function finish(report: CallReport, draft: Draft, options: ClassifyOptions): Classification {
  const silentFailure = draft.silentFailure ?? false;
  const failed = draft.outcome !== "ok" || silentFailure;
  const flags = new Set<Flag>(draft.flags);
  const fullText = draft.text;
  const category: Category | null = failed ? (draft.category ?? "unknown") : null;
  const redact = options.redact ?? ((value: string) => value);
  const errorCode = failed && draft.errorCode ? redact(storedCode(draft.errorCode)) : null;

  if (failed) {
    if (!errorCode) flags.add("no_error_code");
    if (draft.outcome !== "transport_error") {
      if (isOpaque(fullText)) flags.add("opaque_error");
      if (draft.outcome === "ok" ? isRawException(fullText) : hasStackTrace(fullText))
        flags.add("raw_exception");
      if (errorCode && draft.codeInProse) flags.add("code_in_prose");
      if (saysWhetherToRetry(draft, errorCode)) flags.add("retry_hint");
    }
  }
  // Only the start of a long text can be stored: clean and mask that much, not all of it.
  const sanitized = sanitizeText(fullText.slice(0, STORED_TEXT_WINDOW));
  const masked = redact(sanitized);
  if (masked !== sanitized) flags.add("secret_masked");
  const bounded = boundText(masked);
  const textLength = codePointLength(fullText);
  // The agent saw more than is kept (the redactor itself only looks at the start of a long text).
  if (textLength > MAX_TEXT_CODE_POINTS) flags.add("text_truncated");

  return {
    outcome: draft.outcome,
    category,
    errorCode,
    retryable: failed
      ? (draft.explicitRetryable ?? defaultRetryable(category ?? "unknown", errorCode))
      : null,
    silentFailure,
    partial: draft.partial ?? false,
    empty: draft.empty ?? false,
    flags: [...flags],
    text: bounded.text,
    textLength,
    signature: computeSignature({
      server: report.server,
      tool: report.tool,
      outcome: draft.outcome,
      category,
      errorCode,
      text: bounded.text,
    }),
  };
}
