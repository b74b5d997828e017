import { categoryFromCode, categoryFromText } from "./categories";
import { codeField, isObject, MAX_JSON_DEPTH, parseJsonText, stringField, type JsonObject } from "./json";
import { httpStatusLine, readsAsError, returnsForeignErrors, saysEmpty } from "./patterns";
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

  if (parsedText === undefined) {
    const status = httpStatusLine(payload.text);
    if (status !== undefined && !returnsForeignErrors(payload.tool)) {
      return silent("http_error_text", categoryFromCode(`http_${status}`), `http_${status}`);
    }
    if (readsAsError(payload.text, returnsForeignErrors(payload.tool))) {
      return silent("error_text", categoryFromText(payload.text));
    }
  }

  return { partial: false, empty: isEmptyAnswer(payload, documents) };
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
]);

const FAILED_STATUSES = new Set(["error", "failed", "failure", "fail"]);

function isErrorEnvelope(object: JsonObject): boolean {
  const carriesData = Object.entries(object).some(([key, value]) => {
    const lower = key.toLowerCase();
    if (lower === "data" || lower === "result") return isPresent(value);
    return !ENVELOPE_KEYS.has(lower) && isPresent(value);
  });
  if (carriesData) return false;
  const status = typeof object.status === "string" ? object.status.toLowerCase() : undefined;
  return (
    isPresent(object.error) ||
    object.ok === false ||
    object.success === false ||
    (status !== undefined && FAILED_STATUSES.has(status))
  );
}

function errorEnvelope(object: JsonObject): { code?: string; category?: Category } {
  const inner = isObject(object.error) ? object.error : undefined;
  const code =
    codeField(inner, "code", "errorCode", "error_code", "type") ??
    codeField(object, "errorCode", "error_code", "code") ??
    (typeof object.error === "string" && /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(object.error)
      ? object.error
      : undefined);
  const message =
    stringField(inner, "message", "detail") ??
    stringField(object, "message", "msg", "detail", "reason", "description") ??
    (typeof object.error === "string" ? object.error : "");
  return { code, category: (code ? categoryFromCode(code) : undefined) ?? categoryFromText(message) };
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
