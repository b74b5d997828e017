import { categoryFromCode, categoryFromText, categoryOfFailure, type FailureEvidence } from "./categories";
import { errorCodeOf, evidenceInText } from "./evidence";
import { readFailureText } from "./failure-text";
import { codeField, isObject, MAX_JSON_DEPTH, parseJsonText, stringField, type JsonObject } from "./json";
import { httpStatusLine, returnsForeignErrors, saysEmpty } from "./patterns";
import { scanWindow } from "./text";
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
}

export function inspectPayload(payload: Payload): PayloadVerdict {
  const parsedText = parseJsonText(payload.text);
  const documents = [payload.structuredContent, parsedText].filter((value) => value !== undefined);

  if (isIdentityTool(payload.tool) && answersNull(payload.text, documents)) {
    const graphql = documents.map(graphqlErrors).find((errors) => errors !== undefined);
    return silent("identity_null", "auth", graphql?.code);
  }

  for (const document of documents) {
    const errors = graphqlErrors(document);
    if (!errors) continue;
    if (!graphqlHasData(document)) {
      return silent(
        "graphql_errors_no_data",
        (errors.code ? categoryFromCode(errors.code) : undefined) ??
          categoryFromText(errors.message) ??
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
    if (isObject(document) && isErrorEnvelope(document)) {
      const envelope = errorEnvelope(document);
      return silent("error_object", envelope.category, envelope.code);
    }
  }

  // A wrapper holding nothing but one text — {"result":"Error: …"}, or a whole CallToolResult
  // passed back as text — is read as that text.
  const wrapped = parsedText !== undefined ? wrappedText(parsedText) : undefined;
  if (wrapped !== undefined && readFailureText(wrapped, returnsForeignErrors(payload.tool))) {
    const evidence = evidenceInText(wrapped);
    return silent("error_text", categoryOfFailure(wrapped, evidence), evidence.code);
  }

  if (parsedText === undefined) {
    const status = httpStatusLine(payload.text);
    if (status !== undefined) {
      const category = categoryFromCode(`http_${status}`) ?? categoryFromText(payload.text);
      return silent("http_error_text", category, `http_${status}`);
    }
    const reading = readFailureText(payload.text, returnsForeignErrors(payload.tool));
    if (reading) {
      const evidence = evidenceInText(payload.text, reading.reportsException);
      return silent("error_text", categoryOfFailure(payload.text, evidence), evidence.code);
    }
    const fields = keyValueFields(payload.text);
    if (fields && isErrorEnvelope(fields)) {
      const envelope = errorEnvelope(fields);
      return silent("error_object", envelope.category, envelope.code);
    }
  }

  return { partial: false, empty: isEmptyAnswer(payload, documents) };
}

const TEXT_KEYS = new Set(["result", "output", "response", "text", "content", "body", "reply", "answer"]);
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

function silent(flag: SilentFailureFlag, category?: Category, errorCode?: string): PayloadVerdict {
  return { silent: { flag, category, errorCode }, partial: false, empty: false };
}

// --- identity tools -------------------------------------------------------------------

const IDENTITY_TOOLS = new Set([
  "me",
  "get_me",
  "viewer",
  "get_viewer",
  "whoami",
  "who_am_i",
  "current_user",
  "get_current_user",
  "get_authenticated_user",
  "authenticated_user",
  "get_self",
  "userinfo",
  "user_info",
  "get_user_info",
  "my_profile",
  "get_my_profile",
]);

/** `viewer`, `getCurrentUser`, `manage__whoami`, `github.me` are identity tools. */
export function isIdentityTool(tool: string | null | undefined): boolean {
  if (!tool) return false;
  const last = tool.split(/__|\.|\//).pop() ?? tool;
  const snake = last
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_");
  return IDENTITY_TOOLS.has(snake) || IDENTITY_TOOLS.has(snake.replace(/_/g, ""));
}

function answersNull(text: string, documents: unknown[]): boolean {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed === "null" || trimmed === "{}") return true;
  return documents.some(isNullAnswer);
}

/** null, {}, or an object all of whose leaves are null (`{"data":{"viewer":null}}`); bounded in depth. */
function isNullAnswer(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (!isObject(value) || depth >= MAX_JSON_DEPTH) return false;
  const entries = Object.entries(value).filter(([key]) => key !== "errors" && key !== "extensions");
  return entries.every(([, inner]) => isNullAnswer(inner, depth + 1));
}

// --- GraphQL ---------------------------------------------------------------------------

function graphqlErrors(document: unknown): { code?: string; message: string } | undefined {
  if (!isObject(document) || !Array.isArray(document.errors) || document.errors.length === 0)
    return undefined;
  const errors = document.errors.filter(isObject);
  if (errors.length === 0 || !errors.every((error) => typeof error.message === "string")) return undefined;
  const first = errors[0];
  const extensions = isObject(first?.extensions) ? first.extensions : undefined;
  return {
    code: codeField(extensions, "code", "errorCode") ?? codeField(first, "code", "type"),
    message: errors.map((error) => String(error.message)).join("\n"),
  };
}

/** True when some top-level field of `data` survived (GraphQL nulls fields that errored). */
function graphqlHasData(document: unknown): boolean {
  if (!isObject(document) || !isObject(document.data)) return false;
  return Object.values(document.data).some((value) => value !== null && value !== undefined);
}

// --- error envelopes -------------------------------------------------------------------

// Keys an error envelope carries. Any other key with content means the object is data
// about something (a job whose status is "error"), not a failed answer.
const ENVELOPE_KEYS = new Set([
  "error",
  "errors",
  "message",
  "msg",
  "code",
  "errorcode",
  "error_code",
  "status",
  "statuscode",
  "status_code",
  "ok",
  "success",
  "detail",
  "details",
  "reason",
  "description",
  "error_description",
  "hint",
  "type",
  "title",
  "requestid",
  "request_id",
  "traceid",
  "trace_id",
  "retryable",
  "isretryable",
  "retriable",
  "errorcategory",
  "error_category",
  "retry_after",
  "retry_after_seconds",
  "retryafter",
  "timestamp",
  "path",
  "instance",
  "documentation_url",
  "help",
  "data",
  "result",
  "object",
  "errormessages",
  "error_messages",
  "documentation",
  "warning",
  "warnings",
  "errormessage",
  "errortype",
  "stacktrace",
]);

const FAILED_STATUSES = new Set(["error", "failed", "failure", "fail"]);

/** An exception serialised whole ({"name":"APIResponseError","code":…,"status":503,"headers":{},"body":"…"}): these keys are part of it. */
const EXCEPTION_KEYS = new Set(["name", "headers", "body", "stack", "cause"]);

function isErrorEnvelope(object: JsonObject): boolean {
  // A JSON-RPC error response passed back as text (gateways and proxies do this).
  if (object.jsonrpc === "2.0" && isObject(object.error)) return true;
  // Slack's convention: "ok": false with a machine code is the API's own failure, whatever else it carries.
  if (object.ok === false && typeof object.error === "string" && MACHINE_CODE.test(object.error)) return true;
  // A CallToolResult with isError: true passed back as the text of another (a proxy's doing).
  if (object.isError === true && Array.isArray(object.content)) return true;
  const failedResult = typeof object.result === "string" && FAILED_STATUSES.has(object.result.toLowerCase());
  const exception = typeof object.name === "string" && /(?:Error|Exception)$/.test(object.name);
  const carriesData = Object.entries(object).some(([key, value]) => {
    const lower = key.toLowerCase();
    if (lower === "result" && failedResult) return false;
    if (lower === "data" || lower === "result") return isPresent(value);
    if (exception && EXCEPTION_KEYS.has(lower)) return false;
    return !ENVELOPE_KEYS.has(lower) && isPresent(value);
  });
  if (carriesData) return false;
  if (object.ok === true || object.success === true) return false;
  const status = typeof object.status === "string" ? object.status.toLowerCase() : undefined;
  const numericStatus = [object.status, object.statusCode, object.status_code]
    .map((value) => (typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : value))
    .find((value): value is number => typeof value === "number");
  const says = isPresent(object.message) || isPresent(object.code) || isPresent(object.detail);
  return (
    isPresent(object.error) ||
    object.ok === false ||
    object.success === false ||
    (status !== undefined && FAILED_STATUSES.has(status)) ||
    failedResult ||
    errorCodeWithMessage(object) ||
    object.object === "error" ||
    object.type === "error" ||
    (exception && says) ||
    (numericStatus !== undefined && numericStatus >= 400 && numericStatus <= 599 && says) ||
    carriesErrors(object.errors) ||
    carriesErrors(object.errorMessages) ||
    isPresent(object.errorMessage) ||
    validationDetail(object.detail) ||
    messageReadsAsFailure(object)
  );
}

/** {"code":401,"message":"Unauthorized"}, {"code":"NOT_FOUND","message":…}, {"code":-32602,"message":…}: a failure's code and its words, nothing else. */
function errorCodeWithMessage(object: JsonObject): boolean {
  if (!isPresent(object.message) && !isPresent(object.msg)) return false;
  const code = object.code;
  if (typeof code === "number") return (code >= 400 && code <= 599) || (code <= -32000 && code >= -32768);
  if (typeof code !== "string") return false;
  return (
    /^[45]\d\d$/.test(code) ||
    categoryFromCode(code) !== undefined ||
    /error|fail|invalid|not_?found|denied|forbidden|unauthori[sz]ed/i.test(code)
  );
}

/** FastAPI's (pydantic's) validation failure: {"detail":[{"loc":[…],"msg":"field required",…}]}. */
function validationDetail(detail: unknown): boolean {
  return (
    Array.isArray(detail) && detail.length > 0 && detail.every((item) => isObject(item) && "msg" in item)
  );
}

/** {"message":"Bad credentials","documentation_url":…} (GitHub), {"detail":"Not authenticated"} (FastAPI): the message is the failure. */
function messageReadsAsFailure(object: JsonObject): boolean {
  const message = stringField(object, "message", "Message", "detail", "msg", "error_description");
  return message !== undefined && readFailureText(message) !== undefined;
}

/** A non-empty list or map of errors (GraphQL's shape was read before): {"errors":{"field":"is required"}}. */
function carriesErrors(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => typeof item === "string" || isObject(item));
  return isObject(value) && Object.keys(value).length > 0;
}

const MACHINE_CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

function errorEnvelope(object: JsonObject): { code?: string; category?: Category } {
  const inner = isObject(object.error) ? object.error : undefined;
  const fieldCode =
    codeField(inner, "code", "errorCode", "error_code", "type", "Code") ??
    codeField(object, "errorCode", "error_code", "code") ??
    (typeof object.error === "string" && MACHINE_CODE.test(object.error) ? object.error : undefined);
  const message =
    contentText(object) ??
    stringField(inner, "message", "detail", "Message") ??
    stringField(object, "message", "msg", "detail", "reason", "description", "errorMessage", "Message") ??
    (typeof object.error === "string" ? object.error : "") ??
    "";
  // A machine code as the only message reads as its words: "channel_not_found" is "channel not found".
  const words = MACHINE_CODE.test(message) ? message.replaceAll("_", " ") : message || envelopeText(object);
  const fromText = evidenceInText(words);
  const numericCode = fieldCode !== undefined && /^-?\d+$/.test(fieldCode) ? Number(fieldCode) : undefined;
  const httpCode =
    numericCode !== undefined && numericCode >= 400 && numericCode <= 599 ? numericCode : undefined;
  const status =
    httpCode ??
    [object.status, object.statusCode, object.status_code, inner?.status]
      .map((value) => (typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : value))
      .find((value): value is number => typeof value === "number" && value >= 400 && value <= 599);
  // Google's {"error":{"code":403,"status":"PERMISSION_DENIED"}}: the named status says more than the number.
  const namedStatus = [inner?.status, object.status].find(
    (value): value is string => typeof value === "string" && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value),
  );
  const evidence: FailureEvidence = {
    namedCode: numericCode === undefined ? fieldCode : (namedStatus ?? fromText.namedCode),
    httpStatus: fromText.httpStatus ?? status,
    rpcCode: numericCode !== undefined && numericCode <= -32000 ? numericCode : fromText.rpcCode,
    networkCode: fromText.networkCode,
  };
  const code =
    numericCode !== undefined && numericCode > -32000 && httpCode === undefined
      ? fieldCode
      : errorCodeOf(evidence);
  return { code: code ?? fieldCode, category: categoryOfFailure(words, evidence) };
}

/** The text blocks of a CallToolResult passed back as text. */
function contentText(object: JsonObject): string | undefined {
  if (!Array.isArray(object.content)) return undefined;
  const texts = object.content.filter(isObject).map((block) => stringField(block, "text") ?? "");
  return texts.join("\n").trim() || undefined;
}

/** The envelope's words when it has no message field: its error values ({"errors":{"x":"is required"}}). */
function envelopeText(object: JsonObject): string {
  try {
    return scanWindow(JSON.stringify(object));
  } catch {
    return "";
  }
}

function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

// --- empty results ---------------------------------------------------------------------

function isEmptyAnswer(payload: Payload, documents: unknown[]): boolean {
  if (payload.contentBlocks === 0 && !isPresent(payload.structuredContent)) return true;
  if (payload.contentBlocks !== undefined && payload.contentBlocks > 0 && payload.text.trim() === "")
    return true;
  if (documents.length > 0 && documents.every(isEmptyDocument)) return true;
  return saysEmpty(payload.text);
}

/** [], {}, null, or an object holding only empty collections and zero counts (at least one collection); bounded in depth. */
function isEmptyDocument(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (!isObject(value) || depth >= MAX_JSON_DEPTH) return false;
  const values = Object.values(value);
  if (values.length === 0) return true;
  let sawCollection = false;
  for (const inner of values) {
    if (Array.isArray(inner) || isObject(inner)) {
      if (!isEmptyDocument(inner, depth + 1)) return false;
      sawCollection = true;
    } else if (!(inner === null || inner === 0 || inner === "" || inner === false)) {
      return false;
    }
  }
  return sawCollection;
}
