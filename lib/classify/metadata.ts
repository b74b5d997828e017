import { categoryFromExplicit } from "./categories";
import { statusNamedBy } from "./codes";
import { booleanField, codeField, isObject, parseJsonText, type JsonObject } from "./json";
import { statusOfLabelledPhrase } from "./status-in-text";
import type { Category } from "./types";

// Machine-readable error metadata a server may attach: in structuredContent, in a JSON
// text block, or in a JSON-RPC error's data. Each source is an object we search in order.

export interface ErrorMetadata {
  code?: string;
  category?: Category;
  retryable?: boolean;
  /** The code is a JSON-RPC error's that the text relays whole (a proxy quoting its upstream's answer). */
  relayedRpc?: boolean;
  /** An HTTP failure status a member states ({"error": {"status": 400, …}}): what the API answered. */
  status?: number;
}

const CODE_KEYS = ["code", "errorCode", "error_code"];
const CATEGORY_KEYS = ["errorCategory", "error_category", "category"];
const RETRYABLE_KEYS = ["isRetryable", "retryable", "retriable", "is_retryable"];
const STATUS_KEYS = ["status", "statusCode", "status_code", "httpStatus", "http_status", "httpStatusCode"];

/** A member that is an HTTP failure status (400–599), as a number. */
function failureStatus(source: JsonObject): number | undefined {
  for (const key of STATUS_KEYS) {
    const value = source[key];
    if (typeof value === "number" && Number.isInteger(value) && value >= 400 && value <= 599) return value;
  }
  return undefined;
}

/** The objects where metadata may live, most authoritative first. */
/** The sources that are an `error` member's object (their `type` may be the code). */
const ERROR_OBJECTS = new WeakSet<JsonObject>();
/** The sources that are the first of an error's relayed `details` list: their numbered ids are codes. */
const DETAIL_ITEMS = new WeakSet<JsonObject>();
/** The sources that are the `error` of a JSON-RPC response relayed inside a text. */
const RELAYED_RPC_ERRORS = new WeakSet<JsonObject>();

export function metadataSources(structuredContent: unknown, text: string): JsonObject[] {
  const sources: JsonObject[] = [];
  const add = (value: unknown) => {
    if (!isObject(value)) return;
    if (isObject(value.error)) {
      ERROR_OBJECTS.add(value.error);
      if (value.jsonrpc === "2.0") RELAYED_RPC_ERRORS.add(value.error);
      sources.push(value.error);
    }
    sources.push(value);
    // An API's error envelope lists its errors: {"success": false, "errors": [{"code": 10007, …}]}.
    if (Array.isArray(value.errors) && isObject(value.errors[0]) && value.success === false) {
      sources.push(value.errors[0]);
    }
    // …or relays them as details beside its own words: {"error": "…", "status": 404, "details":
    // [{"errorId": 25710, …}]} (eBay's REST errors; its Trading API's "ErrorCode").
    if (isObject(value.error) || typeof value.error === "string") {
      const first = Array.isArray(value.details) ? value.details[0] : undefined;
      if (isObject(first)) {
        DETAIL_ITEMS.add(first);
        sources.push(first);
      }
    }
  };
  add(structuredContent);
  const document = parseJsonText(text) ?? trailingDocument(unquoted(text));
  add(document);
  // The upstream's answer a wrapper relays as a JSON text beside its own words ({"error": "…", "statusCode": 404,
  // "errorBody": "{\"code\": \"Request_ResourceNotFound\", …}"}): its own code, after the wrapper's.
  if (isObject(document)) add(relayedBody(document));
  return sources;
}

const RELAYED_BODY_KEY = /^(?:error_?body|response_?body|raw_?body|upstream_?body|body)$/i;

/** The first member that relays a body as a JSON text, parsed (an object, else undefined). */
function relayedBody(document: JsonObject): unknown {
  for (const [key, value] of Object.entries(document)) {
    if (!RELAYED_BODY_KEY.test(key) || typeof value !== "string" || value.length > TRAILING_DOCUMENT_CHARS)
      continue;
    const parsed = parseJsonText(value);
    if (isObject(parsed)) return parsed;
  }
  return undefined;
}

/** A text that is one JSON string ("\"Error getting budget: {\\\"error\\\": …}\""): what it says. */
function unquoted(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length < 2 || trimmed.length > TRAILING_DOCUMENT_CHARS || !trimmed.startsWith('"')) return text;
  if (!trimmed.endsWith('"')) return text;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === "string" ? value : text;
  } catch {
    return text;
  }
}

/** Failure texts whose JSON details are read; longer ones are read as words only. */
const TRAILING_DOCUMENT_CHARS = 16_384;

/**
 * The JSON document a failure's words carry after a colon — "Error: Failed to get worker: {…}", "…
 * Response: {…}. Suggestions: …" —: the object that opens at the text's first "{", when a colon comes
 * just before it. Two parses at most, over at most TRAILING_DOCUMENT_CHARS.
 */
function trailingDocument(text: string): unknown {
  if (text.length > TRAILING_DOCUMENT_CHARS) return undefined;
  const start = text.indexOf("{");
  if (start < 1) return undefined;
  // After a colon, the document may be followed by more words; after a space ("binance {"code":-2015,…}"),
  // only when it runs to the end of the text.
  const afterColon = /:\s*$/.test(text.slice(Math.max(0, start - 4), start));
  if (!afterColon && !/\s$/.test(text.slice(start - 1, start))) return undefined;
  const parsed =
    parseJsonText(text.slice(start).trim()) ??
    (afterColon ? parseJsonText(balancedObject(text, start)) : undefined);
  return isObject(parsed) ? parsed : undefined;
}

/** The JSON object that opens at `start`, up to its matching brace (strings respected); "" when none. */
function balancedObject(text: string, start: number): string {
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === "\\") at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth += 1;
    else if (char === "}" && --depth === 0) return text.slice(start, at + 1);
  }
  return "";
}

/** A relayed error's number by the names APIs give it ("errorId": 25710, "ErrorCode": 1047); never a trace id. */
function numberedId(source: JsonObject): string | undefined {
  const code = codeField(source, "errorId", "ErrorCode", "error_id");
  return code !== undefined && /^-?\d{1,9}$/.test(code) ? code : undefined;
}

/**
 * The status an error's words stand for when they are only a reason phrase, after the labels clients and
 * wrappers put before it: {"error": "Not Found"}, {"error": "Failed to execute x", "message": "API request
 * failed: Bad Request"} — a client that threw its response's status text.
 */
function reasonPhraseCode(source: JsonObject): string | undefined {
  // A status member says which status it was ({"message": "Unauthorized.", "statusCode": 403}).
  if (failureStatus(source) !== undefined) return undefined;
  for (const member of [source.error, source.message]) {
    if (typeof member !== "string" || member.length > 300) continue;
    // A lower-case token ("forbidden", "unauthorized") is a machine code, as "not_found" is: the code itself.
    if (/^[a-z]+$/.test(member.trim())) continue;
    const status = statusOfLabelledPhrase(member);
    if (status !== undefined) return `http_${status}`;
  }
  return undefined;
}

/**
 * An error object's `type` or `name`, when it is a code (UPPER_SNAKE or snake_case) and the object has
 * no code: {"error": {"type": "INVALID_FILTER_BY_FORMULA", "message": …}} (Airtable, Stripe's error types).
 */
function errorObjectType(source: JsonObject, isErrorObject: boolean): string | undefined {
  // …or an error body whose words are its `error` ({"error": "Entity 'camera' not found", "name": "NOT_FOUND"}).
  if (!isErrorObject && typeof source.error !== "string") return undefined;
  // YNAB's {"error": {"id": "404.2", "name": "resource_not_found", "detail": …}}: a name that is a code,
  // never a class ("FetchError").
  for (const value of [source.type, source.name]) {
    if (typeof value !== "string") continue;
    const type = value.trim();
    if (type.length <= 80 && /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)$/.test(type))
      return type;
    // One word that is an HTTP status's name (Mux's {"error": {"type": "unauthorized", "messages": […]}}).
    if (/^[a-z]{4,30}$/.test(type) && statusNamedBy(type) !== undefined) return type;
  }
  return undefined;
}

/**
 * An error body's own code under a name of its own, beside the HTTP status it carries: an RFC 9457 problem's
 * extension member ({"title": "Parent not published", "status": 400, "operationStatus": "PathNotPublished"}),
 * {"status": 403, "denialReason": "QUOTA_EXCEEDED"}. A code is joined words (PascalCase, camelCase, snake_case,
 * UPPER_SNAKE), never a sentence or a number; a type ("errorType": "api_error") is a class of errors, not one.
 */
function extensionCode(source: JsonObject): string | undefined {
  if (failureStatus(source) === undefined) return undefined;
  for (const [key, value] of Object.entries(source)) {
    if (typeof value !== "string" || !EXTENSION_CODE_KEY.test(key) || STATUS_KEYS.includes(key)) continue;
    const code = value.trim();
    if (code.length <= 60 && EXTENSION_CODE.test(code)) return code;
  }
  return undefined;
}

/**
 * An error's type named as a member of its own when it names one failure ({"status": "failed", "error_type":
 * "invalid-query"}: Metabase's), never a class of errors ("errorType": "api_error", "ValidationException").
 */
function errorTypeCode(source: JsonObject): string | undefined {
  const value = source.error_type ?? source.errorType;
  if (typeof value !== "string") return undefined;
  const code = value.trim();
  if (code.length > 60 || !/^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/.test(code)) return undefined;
  return /[-_](?:error|exception|failure)$/.test(code) ? undefined : code;
}

const EXTENSION_CODE_KEY = /^[a-z]+(?:Status|Code|Reason)$|^[a-z]+_(?:status|code|reason)$/;
const EXTENSION_CODE =
  /^(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+|[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/**
 * Google's error object (cloud.google.com/apis/design/errors): {"code": 503, "status": "UNAVAILABLE",
 * "details": [{"@type": "….ErrorInfo", "reason": "API_KEY_INVALID"}]}. The ErrorInfo reason is the
 * most specific code, then the named status; the number only repeats the HTTP status.
 */
function googleCode(source: JsonObject, isErrorObject: boolean): string | undefined {
  if (!isErrorObject || typeof source.code !== "number") return undefined;
  const status = typeof source.status === "string" ? source.status : undefined;
  if (!status || !UPPER_SNAKE.test(status)) return undefined;
  const info = Array.isArray(source.details)
    ? source.details.find(
        (detail): detail is JsonObject =>
          isObject(detail) && typeof detail["@type"] === "string" && detail["@type"].endsWith(".ErrorInfo"),
      )
    : undefined;
  const reason = typeof info?.reason === "string" && UPPER_SNAKE.test(info.reason) ? info.reason : undefined;
  return reason ?? status;
}

const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

export function readMetadata(sources: JsonObject[]): ErrorMetadata {
  const metadata: ErrorMetadata = {};
  for (const source of sources) {
    if (metadata.code === undefined && RELAYED_RPC_ERRORS.has(source) && typeof source.code === "number")
      metadata.relayedRpc = true;
    metadata.code ??=
      googleCode(source, ERROR_OBJECTS.has(source)) ??
      codeField(source, ...CODE_KEYS) ??
      (DETAIL_ITEMS.has(source) ? numberedId(source) : undefined) ??
      errorObjectType(source, ERROR_OBJECTS.has(source)) ??
      extensionCode(source) ??
      errorTypeCode(source) ??
      reasonPhraseCode(source);
    // A server's own "errorCategory": "UNKNOWN" says it does not know: the words still may.
    metadata.category ??= CATEGORY_KEYS.map((key) => categoryFromExplicit(source[key])).find(
      (category) => category !== undefined && category !== "unknown",
    );
    metadata.retryable ??= booleanField(source, ...RETRYABLE_KEYS);
    metadata.status ??= failureStatus(source);
  }
  return metadata;
}
