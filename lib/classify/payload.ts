import { namesMissingInText, textCountsNothing } from "./empty-text";
import { categoryFromCode, categoryFromText, categoryOfFailure } from "./categories";
import { categoryFromFailedStatus } from "./codes";
import { answersNoValue, linksToUndefined, saysNothingGenerated, scoredNothing } from "./computed";
import {
  checksInput,
  exchangeFailure,
  failedFetchInPart,
  relayedFailure,
  reportedStatus,
  wholeExchange,
  wrappedExchange,
} from "./exchange";
import {
  answersAskedNull,
  asksForMany,
  isBlankRecord,
  isEmptyStructure,
  looksUpOne,
  saysNamedMissing,
  recordsNoneFor,
} from "./lookup";
import { asideNotices, labelledJson, headedJson, labelledStructure } from "./labelled";
import { failedRun, failedStep, fetchedErrorPage } from "./runs";
import { isEmptyAnswer } from "./empty";
import { answersNull, isIdentityTool, linksToMe, saysSignedOut } from "./identity";
import { everyRecordAnError, everyResponseFailed } from "./items";
import { snakeCase } from "./names";
import { emptyTableOfFailures, everyItemFailed, everyItemFailedIn } from "./tally";
import { errorEnvelope, isErrorEnvelope, isPresent } from "./envelopes";
import { evidenceInText } from "./evidence";
import { readFailureText } from "./failure-text";
import { graphqlErrors, graphqlHasData, withRelayedGraphql } from "./graphql";
import { isObject, parseJsonText, stringField, type JsonObject } from "./json";
import { httpStatusLine, returnsForeignErrors } from "./patterns";
import { saysEmpty } from "./says-empty";
import type { Category, SilentFailureFlag } from "./types";

// Looks inside a result that claims success: is it really a failure (silent), a partial
// answer, or a valid empty one? Precision matters as much as recall here.

export interface PayloadVerdict {
  silent?: { flag: SilentFailureFlag; category?: Category; errorCode?: string };
  partial: boolean;
  empty: boolean;
}

export interface Payload {
  tool: string | null | undefined;
  text: string;
  structuredContent: unknown;
  /** Number of content blocks, when the payload is a CallToolResult. */
  contentBlocks?: number;
  /** The result's members beside the protocol's ({ files: [...] } instead of content blocks). */
  otherMembers?: Record<string, unknown>;
}

/**
 * A result with no content blocks and no structuredContent whose own members hold the answer: read
 * them as its structured content (the client accepted the result, the agent got those members).
 */
function ownAnswer(payload: Payload): Partial<Payload> {
  if (payload.contentBlocks !== 0 || payload.structuredContent !== undefined || !payload.otherMembers)
    return {};
  return { structuredContent: payload.otherMembers, contentBlocks: undefined };
}

export function inspectPayload(whole: Payload, depth = 0): PayloadVerdict {
  // A notice the server appends to every answer ("… is deprecated, migrate to …") is not the answer.
  const payload = { ...whole, text: asideNotices(whole.text), ...ownAnswer(whole) };
  const parsedJson = parseJsonText(payload.text);
  const parsedText =
    parsedJson !== undefined
      ? parsedJson
      : (labelledStructure(payload.text) ?? labelledJson(payload.text) ?? headedJson(payload.text));
  const documents = [payload.structuredContent, parsedText].filter((value) => value !== undefined);

  if ((isIdentityTool(payload.tool) || linksToMe(documents)) && answersNull(payload.text, documents)) {
    const graphql = documents.map(graphqlErrors).find((errors) => errors !== undefined);
    return silent("identity_null", "auth", graphql?.code);
  }
  if (saysSignedOut(payload.tool, documents)) return silent("identity_null", "auth");

  for (const document of documents.flatMap(withRelayedGraphql)) {
    const errors = graphqlErrors(document);
    if (!errors) continue;
    if (!graphqlHasData(document)) {
      return silent(
        "graphql_errors_no_data",
        (errors.code ? categoryFromCode(errors.code) : undefined) ??
          categoryOfFailure(errors.message, evidenceInText(errors.message)) ??
          "unknown",
        errors.code,
      );
    }
    return { partial: true, empty: false };
  }

  if (isObject(payload.structuredContent) && isPresent(payload.structuredContent.error)) {
    const envelope = errorEnvelope(payload.structuredContent);
    return silent("structured_error_ignored", envelope.category, envelope.code);
  }

  for (const document of documents) {
    // A tool that said success: false is read as its own failure first (below), whatever it relays.
    if (isObject(document) && document.success === false) continue;
    const exchange = wholeExchange(document) ?? wrappedExchange(document);
    if (!exchange) continue;
    if (exchange.status >= 400) {
      const failure = exchangeFailure(exchange);
      return silent("http_error_text", failure.category, failure.errorCode);
    }
    // A successful exchange (a curl-like tool): what it fetched is the answer, read once more.
    if (depth === 0) {
      return typeof exchange.body === "string"
        ? inspectPayload({ tool: payload.tool, text: exchange.body, structuredContent: undefined }, depth + 1)
        : inspectPayload({ tool: payload.tool, text: "", structuredContent: exchange.body }, depth + 1);
    }
  }

  for (const document of documents.flatMap(withWrapped)) {
    // A checking tool's "success": false is its verdict on what it checked (validatePath), not its failure.
    const verdictOnly =
      checksInput(payload.tool) &&
      isObject(document) &&
      (document.success === false || document.ok === false) &&
      !checkerFailed(document);
    if (isObject(document) && isErrorEnvelope(document) && !verdictOnly) {
      // A listing that labels finding nothing an error ("No data sources found for …") found nothing.
      const said = stringField(document, "error", "message");
      // Not when the answer says the one thing asked for was not found ({"found": false, "error": "No Google
      // Places found for \"x\""}): that is a lookup that failed.
      if (
        said !== undefined &&
        saysEmpty(withoutWrapper(said)) &&
        !looksUpOne(payload.tool) &&
        document.found !== false
      )
        return { partial: false, empty: true };
      const envelope = errorEnvelope(document);
      return silent("error_object", envelope.category, envelope.code);
    }
  }

  for (const document of documents) {
    // A list whose every record is an error, and a bulk call whose every response failed.
    const record = returnsForeignErrors(payload.tool) ? undefined : everyRecordAnError(document);
    if (record) {
      const envelope = errorEnvelope(record);
      return silent("error_object", envelope.category, envelope.code);
    }
    if (!returnsForeignErrors(payload.tool) && everyItemFailedIn(document)) {
      const evidence = evidenceInText(payload.text);
      return silent("batch_failed", categoryOfFailure(payload.text, evidence), evidence.code);
    }
    const bulk = everyResponseFailed(document);
    if (bulk) {
      const failure = exchangeFailure({ status: bulk.status, body: bulk.first });
      return silent("batch_failed", failure.category, bulk.code ?? failure.errorCode);
    }
    // A run that returned nothing and logged an error: the exchange it kept, else the words it logged (below).
    const step = failedStep(document);
    const relayed =
      relayedFailure(document, payload.tool) ??
      fetchedErrorPage(document) ??
      (typeof step === "object" ? step : undefined) ??
      (returnsForeignErrors(payload.tool) ? undefined : failedFetchInPart(document, payload.tool));
    if (relayed) {
      const failure = exchangeFailure(relayed);
      return silent("http_error_text", failure.category, failure.errorCode);
    }
    // An error page as a member of a small answer ({"story": "<!DOCTYPE html>…maintenance…"}).
    const page = errorPageMember(document);
    if (page !== undefined) {
      const evidence = evidenceInText(page);
      return silent("error_text", categoryOfFailure(page, evidence) ?? "unknown", evidence.code);
    }
    const run = (typeof step === "string" ? step : undefined) ?? failedRun(document, payload.tool);
    if (run !== undefined) {
      const evidence = evidenceInText(run);
      return silent("error_object", categoryOfFailure(run, evidence), evidence.code);
    }
  }

  // A value that is none (NaN, Invalid Date, undefined): before its words are read as an error text.
  if (answersNoValue(payload.text, documents) || linksToUndefined(documents))
    return silent("invalid_value", "validation");
  // A generation that says it generated nothing: why is not said (a safety stop, a text-only answer).
  if (saysNothingGenerated(payload.text)) return silent("nothing_generated", "unknown");
  if (scoredNothing(documents)) return silent("nothing_measured", "unknown");

  // A wrapper holding nothing but one text — {"result":"Error: …"}, or a whole CallToolResult
  // passed back as text — is read as that text.
  const wrapped = parsedText !== undefined ? wrappedText(parsedText) : undefined;
  if (wrapped !== undefined && readFailureText(wrapped, returnsForeignErrors(payload.tool))) {
    const evidence = evidenceInText(wrapped);
    return silent("error_text", categoryOfFailure(wrapped, evidence), evidence.code);
  }

  if (parsedText === undefined) {
    const reported = reportedStatus(payload.text, payload.tool);
    if (reported !== undefined) {
      const failure = exchangeFailure({ status: reported, body: payload.text });
      return silent("http_error_text", failure.category, failure.errorCode);
    }
    const status = httpStatusLine(payload.text);
    if (status !== undefined) {
      const category =
        categoryFromCode(`http_${status}`) ??
        categoryFromText(payload.text) ??
        categoryFromFailedStatus(status);
      return silent("http_error_text", category, `http_${status}`);
    }
    const reading = readFailureText(payload.text, returnsForeignErrors(payload.tool));
    if (reading) {
      const found = evidenceInText(payload.text, reading.reportsException);
      const beside = found.code === undefined ? statusBeside(payload.otherMembers) : undefined;
      const evidence =
        beside === undefined ? found : { ...found, httpStatus: beside, code: `http_${beside}` };
      return silent("error_text", categoryOfFailure(payload.text, evidence), evidence.code);
    }
    // Not in what a log search returns or a command printed: their tallies are data.
    if (
      (!returnsForeignErrors(payload.tool) && everyItemFailed(payload.text)) ||
      emptyTableOfFailures(payload.text)
    ) {
      const evidence = evidenceInText(payload.text);
      return silent("batch_failed", categoryOfFailure(payload.text, evidence), evidence.code);
    }
    const fields = keyValueFields(payload.text);
    if (fields && isErrorEnvelope(fields)) {
      const envelope = errorEnvelope(fields);
      return silent("error_object", envelope.category, envelope.code);
    }
  }

  // An answer that found nothing and names what it could not find ({"total_count": 0, "symbols": [],
  // "metadata": {"missing_symbols": ["NASDAQ:ZZZQX"]}}, {"labels": [], "not_found": ["checkout.banner"]}):
  // those names do not exist.
  if (
    (documents.some((document) => namesMissing(document)) || namesMissingInText(payload.text)) &&
    (isEmptyAnswer(payload, documents) || isEmptyAnswer(payload, documents.map(withoutMissingNames)))
  )
    return silent("empty_lookup", "validation");

  // A lookup of one thing that found nothing; a record none of whose fields has a value. Not when the
  // answer counts none of many itself ("Found 0 flights (full details):\n[]"): a search that found nothing.
  if (saysNamedMissing(payload.tool, payload.text, documents)) return silent("empty_lookup", "validation");
  if (
    documents.length > 0 &&
    ((documents.every((document) => isEmptyStructure(answerOf(document))) &&
      looksUpOne(payload.tool) &&
      !textCountsNothing(payload.text) &&
      !recordsNoneFor(payload.text)) ||
      (documents.some((document) => isBlankRecord(answerOf(document))) && !asksForMany(payload.tool)) ||
      documents.some((document) => answersAskedNull(payload.tool, document)))
  )
    return silent("empty_lookup", "validation");

  // A whole CallToolResult passed back as its text ({"content": [{"type": "text", "text": "{…records: []}"}]}):
  // what it found is what that text found.
  if (depth === 0 && wrapped !== undefined && !isEmptyAnswer(payload, documents))
    return inspectPayload({ tool: payload.tool, text: wrapped, structuredContent: undefined }, depth + 1);
  return { partial: false, empty: isEmptyAnswer(payload, documents) };
}

/** An error message without the wrapper a server puts around what it caught: "Failed to retrieve x: No videos found." */
function withoutWrapper(message: string): string {
  return message.replace(/^(?:failed to|could not|couldn't|unable to|error while) [^:\n]{1,80}:\s+/i, "");
}

const MISSING_KEY = /(?:^|_)(?:missing|not_?found|unknown|unresolved)(?:_|$)/;

/** The document without its lists of names not found: what it found, beside them. */
function withoutMissingNames(document: unknown): unknown {
  if (!isObject(document)) return document;
  return Object.fromEntries(
    Object.entries(document).filter(
      ([key, value]) => !(Array.isArray(value) && MISSING_KEY.test(snakeCase(key))),
    ),
  );
}

/** A non-empty list under a name that says its items were not found, at the top or one level down. */
function namesMissing(document: unknown, depth = 0): boolean {
  if (!isObject(document) || depth > 1) return false;
  return Object.entries(document).some(
    ([key, value]) =>
      (Array.isArray(value) && value.length > 0 && MISSING_KEY.test(snakeCase(key))) ||
      namesMissing(value, depth + 1),
  );
}

const TEXT_KEYS = new Set(["result", "output", "response", "text", "content", "body", "reply", "answer"]);

/**
 * A document, and what a one-member wrapper around it holds: {"result": {"code": "PGRST205",
 * "message": …}} is the error object it wraps (a tool that passes an API's answer back whole).
 */
function withWrapped(document: unknown): unknown[] {
  if (!isObject(document)) return [document];
  const entries = Object.entries(document).filter(([, value]) => isPresent(value));
  const [only] = entries;
  if (entries.length !== 1 || !only || !(TEXT_KEYS.has(only[0].toLowerCase()) || only[0] === "data"))
    return [document];
  return isObject(only[1]) ? [document, only[1]] : [document];
}
const RESULT_KEYS = new Set(["content", "iserror", "structuredcontent", "_meta"]);

/** The one text a JSON wrapper carries: {"result":"…"}, or the text blocks of {"content":[{"type":"text",…}]}. */
function wrappedText(document: unknown): string | undefined {
  if (!isObject(document)) return undefined;
  const entries = Object.entries(document).filter(([, value]) => isPresent(value));
  if (Array.isArray(document.content) && entries.every(([key]) => RESULT_KEYS.has(key.toLowerCase()))) {
    const blocks = document.content.filter(isObject);
    if (blocks.length === 0 || !blocks.every((block) => block.type === "text")) return undefined;
    return blocks.map((block) => stringField(block, "text") ?? "").join("\n");
  }
  const [only] = entries;
  if (entries.length !== 1 || !only || !TEXT_KEYS.has(only[0].toLowerCase())) return undefined;
  return typeof only[1] === "string" ? only[1] : undefined;
}

/** What a success envelope answers: {"success": true, "data": null} answers null. */
function answerOf(document: unknown): unknown {
  if (!isObject(document)) return document;
  const entries = Object.entries(document);
  const answers = entries.filter(([key]) => ANSWER_KEYS.has(key.toLowerCase()));
  const rest = entries.filter(([key]) => !ANSWER_KEYS.has(key.toLowerCase()));
  const onlyStatus = rest.every(([key, value]) => (key === "success" || key === "ok") && value === true);
  return answers.length === 1 && rest.length > 0 && onlyStatus ? answers[0]![1] : document;
}

const ANSWER_KEYS = new Set(["data", "result", "item", "document", "record"]);

/**
 * A short text made only of "key: value" lines (YAML, or markdown with bold keys), as an object:
 * "status: error\nmessage: upstream timed out" is the same envelope as its JSON.
 */
function keyValueFields(text: string): JsonObject | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 600) return undefined;
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2 || lines.length > 8) return undefined;
  const fields: JsonObject = {};
  for (const line of lines) {
    const match = /^[\s*_-]{0,4}([A-Za-z][\w.-]{0,39})[*_]{0,2}\s*:[*_]{0,2}\s*(.*)$/.exec(line);
    if (!match?.[1]) return undefined;
    const value = (match[2] ?? "").trim();
    fields[match[1]] = scalar(value);
  }
  return fields;
}

function scalar(value: string): unknown {
  if (value === "" || value === "null" || value === "~" || value === "none") return null;
  if (value === "true" || value === "false") return value === "true";
  if (/^-?\d{1,15}$/.test(value)) return Number(value);
  return value.replace(/^(["'])(.*)\1$/, "$2");
}

/**
 * A checking tool whose "false" is its own failure, not its finding: the check never ran because
 * what it asked answered 401, 403, 429 or 5xx, or could not be reached ("Configuration has errors:
 * HA API error: 401 - 401: Unauthorized").
 */
function checkerFailed(document: JsonObject): boolean {
  const said = stringField(document, "message", "error", "detail");
  if (said === undefined) return false;
  const evidence = evidenceInText(said);
  const status = evidence.httpStatus;
  return (
    evidence.networkCode !== undefined ||
    (status !== undefined && (status === 401 || status === 403 || status === 429 || status >= 500))
  );
}

/** A status a result carries beside its text ({"content": […], "metadata": {"statusCode": 404}}). */
function statusBeside(members: Record<string, unknown> | undefined): number | undefined {
  const meta = members && isObject(members.metadata) ? members.metadata : undefined;
  const status = meta?.statusCode ?? meta?.status;
  return typeof status === "number" && status >= 400 && status <= 599 ? status : undefined;
}

function silent(flag: SilentFailureFlag, category?: Category, errorCode?: string): PayloadVerdict {
  return { silent: { flag, category, errorCode }, partial: false, empty: false };
}

/** A whole HTML error page (its title says so) as a member of an answer of at most four members. */
function errorPageMember(document: unknown): string | undefined {
  if (!isObject(document) || Object.keys(document).length > 4) return undefined;
  return Object.values(document).find(
    (value): value is string =>
      typeof value === "string" &&
      /^\s*<(?:!doctype|html)\b/i.test(value) &&
      readFailureText(value) !== undefined,
  );
}
