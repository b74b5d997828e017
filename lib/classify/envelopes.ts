import { categoryFromCode, categoryOfFailure, type FailureEvidence } from "./categories";
import { grpcNameOf, isPostgresErrorShape } from "./codes";
import { errorCodeOf, evidenceInText } from "./evidence";
import { readFailureText } from "./failure-text";
import { codeField, isObject, stringField, type JsonObject } from "./json";
import { scanWindow } from "./text";
import type { Category } from "./types";

// Error envelopes: a JSON object that is a failed answer rather than data ({"error": …},
// {"ok": false}, {"status": "error"}, a JSON-RPC error passed back as text, an exception
// serialised whole), and what its fields say (code, category).

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
  "documentationurl",
  "doc_url",
  "request_log_url",
  "help",
  "data",
  "result",
  "object",
  "errormessages",
  "issues",
  "error_messages",
  "documentation",
  "warning",
  "warnings",
  "errormessage",
  "errortype",
  "stacktrace",
  // What a failed answer echoes of the request that failed.
  "context",
  "query",
  "request",
  "params",
  "input",
  "inputparams",
  // The field a validation failure names ({"ErrorKey": "…", "Field": "DateFrom", "Message": "…"}: bunny.net's).
  "field",
  "errorkey",
  // Advice an error answer gives beside its words ({"error": "Bus stop 99999 not found", "suggestions": […]}).
  "suggestion",
  "suggestions",
  "hints",
  "tips",
  "nextsteps",
  "troubleshooting",
]);

/** An envelope's key however it is spelt: "error_type", "errorType" and "error-type" are one key. */
function isEnvelopeKey(lower: string): boolean {
  return ENVELOPE_KEYS.has(lower) || ENVELOPE_KEYS.has(lower.replace(/[\s_-]/g, ""));
}

/** An error message member however it is spelt: "errorMessage", "error_message", "Error Message" (FMP's). */
function errorMessageMember(object: JsonObject): string | undefined {
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === "string" && value.trim() !== "" && /^error[\s_-]?message$/i.test(key)) return value;
  }
  return undefined;
}

/** An error's key however it is spelt ("ErrorKey": "statistics.invalid_range", bunny.net's; "error_key"). */
function errorKeyMember(object: JsonObject): string | undefined {
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === "string" && /^[\w.:-]{1,80}$/.test(value) && /^error[_-]?key$/i.test(key))
      return value;
  }
  return undefined;
}

const VERDICT_KEYS = ["valid", "isValid", "is_valid", "passed", "matches"];

const FAILED_STATUSES = new Set(["error", "failed", "failure", "fail"]);

/**
 * An exception serialised whole ({"name":"APIResponseError","code":…,"status":503,"headers":{},"body":"…"}):
 * these keys are part of it — with what the client knew of the request and what it was answered
 * (Iterable's {"statusCode":401,"endpoint":"/api/lists","name":"IterableApiError","apiResponse":{…}}).
 */
const EXCEPTION_KEYS = new Set([
  "name",
  "headers",
  "body",
  "stack",
  "cause",
  "endpoint",
  "url",
  "method",
  "response",
  "apiresponse",
  "rawresponse",
  "responsebody",
  "config",
]);

export function isErrorEnvelope(object: JsonObject): boolean {
  // A validator's verdict on the input it was asked to check ({"valid": false, "error": "…"}): the
  // tool did its job; the error is about the data.
  if (VERDICT_KEYS.some((key) => typeof object[key] === "boolean")) return false;
  // A JSON-RPC error response passed back as text (gateways and proxies do this).
  if (object.jsonrpc === "2.0" && isObject(object.error)) return true;
  // Slack's convention: "ok": false with a machine code is the API's own failure, whatever else it carries.
  if (object.ok === false && typeof object.error === "string" && MACHINE_CODE.test(object.error)) return true;
  // Etherscan's and its family's convention (BscScan, PolygonScan, Blockscout's compatible API): "message":
  // "NOTOK" says the call failed, and "result" holds the reason as words ({"status": "0", "message": "NOTOK",
  // "result": "Invalid API Key"}). An empty listing is "status": "0" too, but with its own message.
  if (
    typeof object.message === "string" &&
    /^not ?ok$/i.test(object.message) &&
    typeof object.result === "string"
  )
    return true;
  // A CallToolResult with isError: true passed back as the text of another (a proxy's doing).
  if (object.isError === true && Array.isArray(object.content)) return true;
  // The tool's own verdict at the top, whatever it carries beside (its request, what it captured):
  // {"success": false, "message": "Command execution failed", "data": {"stderr": …}}.
  if (object.success === false || (object.ok === false && isPresent(object.error ?? object.message)))
    return true;
  if (codeWithWordsAndEcho(object)) return true;
  const failedResult = typeof object.result === "string" && FAILED_STATUSES.has(object.result.toLowerCase());
  const exception = typeof object.name === "string" && /(?:Error|Exception)$/.test(object.name);
  const carriesData = Object.entries(object).some(([key, value]) => {
    const lower = key.toLowerCase();
    if (lower === "result" && failedResult) return false;
    if (lower === "data" || lower === "result") return isPresent(value);
    if (exception && EXCEPTION_KEYS.has(lower)) return false;
    return !isEnvelopeKey(lower) && isPresent(value);
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
    errorKeyMember(object) !== undefined ||
    object.ok === false ||
    object.success === false ||
    (status !== undefined && FAILED_STATUSES.has(status)) ||
    failedResult ||
    errorCodeWithMessage(object) ||
    isPostgresErrorShape(object) ||
    object.object === "error" ||
    object.type === "error" ||
    // An API's error object on its own (Stripe's, Paddle's): {"type": "request_error", "code": …, "detail": …}.
    (typeof object.type === "string" && /^(?:[a-z]+_){0,3}error$/.test(object.type) && says) ||
    (numericStatus !== undefined && numericStatus >= 400 && numericStatus <= 599 && (says || exception)) ||
    (exception && says) ||
    carriesErrors(object.errors) ||
    carriesErrors(object.errorMessages) ||
    errorMessageMember(object) !== undefined ||
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

/**
 * A machine code and a sentence, beside at most three scalars echoing what was asked
 * ({"error": "group_item_not_supported", "message": "…", "item_id": 120485}): a failed answer, not
 * a record (which would carry more than an id or two, or a status of its own).
 */
function codeWithWordsAndEcho(object: JsonObject): boolean {
  if (typeof object.error !== "string" || !MACHINE_CODE.test(object.error)) return false;
  if (typeof object.message !== "string" || object.message.trim() === "") return false;
  if (object.status !== undefined || object.state !== undefined) return false;
  const extras = Object.entries(object).filter(([key]) => !isEnvelopeKey(key.toLowerCase()));
  return (
    extras.length <= 3 &&
    extras.every(
      ([, value]) => typeof value === "number" || (typeof value === "string" && value.length <= 64),
    )
  );
}

/** FastAPI's (pydantic's) validation failure: {"detail":[{"loc":[…],"msg":"field required",…}]}. */
function validationDetail(detail: unknown): boolean {
  return (
    Array.isArray(detail) && detail.length > 0 && detail.every((item) => isObject(item) && "msg" in item)
  );
}

/**
 * {"message":"Bad credentials","documentation_url":…} (GitHub), {"detail":"Not authenticated"} (FastAPI), a
 * status that is a sentence ({"status": "No rule with name 'X' exists in engine 'pmd'."}): the message is the failure.
 */
function messageReadsAsFailure(object: JsonObject): boolean {
  const message =
    stringField(object, "message", "Message", "detail", "msg", "error_description") ?? statusSentence(object);
  return message !== undefined && readFailureText(message) !== undefined;
}

/** A `status` that is words rather than a state ("queued", "FAILED"): three words or more. */
function statusSentence(object: JsonObject): string | undefined {
  const status = object.status;
  return typeof status === "string" && /^\S+\s+\S+\s+\S/.test(status.trim()) ? status : undefined;
}

/** A non-empty list or map of errors (GraphQL's shape was read before): {"errors":{"field":"is required"}}. */
function carriesErrors(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((item) => typeof item === "string" || isObject(item));
  return isObject(value) && Object.keys(value).length > 0;
}

const MACHINE_CODE = /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/;

/**
 * An `error` member that is a machine code: snake_case words ("channel_not_found"), or one lower-case word
 * with a known meaning ({"error": "forbidden", "message": …}) — the code itself, not its status's phrase.
 */
function isErrorCodeWord(value: string): boolean {
  return MACHINE_CODE.test(value) || (/^[a-z]{4,30}$/.test(value) && categoryFromCode(value) !== undefined);
}

export function errorEnvelope(object: JsonObject): { code?: string; category?: Category } {
  const inner = isObject(object.error) ? object.error : undefined;
  const details = isObject(object.details) ? object.details : undefined;
  const fieldCode =
    codeField(inner, "code", "errorCode", "error_code", "type", "Code") ??
    codeField(object, "errorCode", "error_code", "code") ??
    errorKeyMember(object) ??
    // What the API answered, relayed beside the tool's words: {"error": "… HTTP 403", "details": {"code": "access_denied"}}.
    codeField(details, "code", "errorCode", "error_code") ??
    // …or as a list of the API's own errors: eBay's {"details": [{"errorId": 25710, …}]}, its Trading API's
    // {"details": [{"ErrorCode": 1047, …}]}.
    listedNumberedCode(object.details) ??
    listedCode(object.errors, details?.errors, object.issues) ??
    (typeof object.error === "string" && isErrorCodeWord(object.error) ? object.error : undefined);
  const message =
    contentText(object) ??
    stringField(inner, "message", "detail", "Message") ??
    stringField(object, "message", "msg", "detail", "reason", "description", "Message") ??
    errorMessageMember(object) ??
    statusSentence(object) ??
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
    namedCode:
      numericCode === undefined
        ? (fieldCode ?? fromText.namedCode)
        : (namedStatus ?? grpcNameOf(numericCode, envelopeText(object)) ?? fromText.namedCode),
    vagueCode: fromText.vagueCode,
    httpStatus: fromText.httpStatus ?? status,
    rpcCode: numericCode !== undefined && numericCode <= -32000 ? numericCode : fromText.rpcCode,
    networkCode: fromText.networkCode,
    systemCode: fromText.systemCode,
    // PostgreSQL's own fields (PostgREST, Supabase): the code is a SQLSTATE, read by its table.
    sqlState:
      fieldCode !== undefined && isPostgresErrorShape(object) && !/^PGRST/i.test(fieldCode)
        ? fieldCode
        : fromText.sqlState,
  };
  const code =
    numericCode !== undefined && numericCode > -32000 && httpCode === undefined
      ? fieldCode
      : errorCodeOf(evidence);
  // When its message says nothing of the kind ("Command execution failed"), what it carries may
  // (a captured stderr, the errors of a GraphQL answer).
  const category =
    categoryOfFailure(words, evidence) ??
    (words === message ? categoryOfFailure(envelopeText(object), evidence) : undefined);
  return { code: code ?? fieldCode, category };
}

/** The first item's own code of a list of an API's errors: its `errorId` or `ErrorCode`. */
function listedNumberedCode(list: unknown): string | undefined {
  if (!Array.isArray(list) || !isObject(list[0])) return undefined;
  return codeField(list[0], "errorId", "ErrorCode", "errorCode", "error_code");
}

/** The code of the first item of an errors (or zod issues) list that has one. */
function listedCode(...lists: unknown[]): string | undefined {
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    const first = list.find((item) => isObject(item) && typeof item.code === "string");
    if (isObject(first)) return codeField(first, "code");
  }
  return undefined;
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

export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}
