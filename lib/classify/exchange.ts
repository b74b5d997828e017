import { categoryFromCode, categoryOfFailure } from "./categories";
import { errorCodeOf, evidenceInText } from "./evidence";
import { codeField, isObject, type JsonObject } from "./json";
import { snakeCase } from "./names";
import type { Category } from "./types";

// An HTTP answer a tool relays as its success: a raw HTTP client's whole exchange
// ({"status":404,"statusText":"Not Found","headers":{…},"body":…}), or an API wrapper's relayed
// status inside its own envelope ({"success":true,"statusCode":404,"message":"Not Found",
// "data":null}, {"response":{"status":503,"error":"…"}}). A status with nothing that says it is an
// answer's (a link checker's {"url":…,"status":404}) is data, and so is any status a checking tool
// reports about what it checked.

export interface Exchange {
  status: number;
  body: unknown;
}

const STATUS_KEYS = [
  "status",
  "statusCode",
  "status_code",
  "httpStatus",
  "http_status",
  "httpStatusCode",
  "responseStatus",
  "response_status",
] as const;
/** Keys that hold the relayed answer when it is wrapped once. */
const WRAPPER_KEYS = ["response", "result", "upstream", "http", "data"] as const;
/** What else a wrapper may say about the request beside the answer it relays. */
const REQUEST_KEYS =
  /^(?:success|ok|url|uri|method|request|request_?id|duration|duration_?ms|took|elapsed|timing|timestamp|time|headers|status_?text|validation|meta|metadata|debug|info)$/i;
/** The words of a tool's name ("getLatestRelease" → get, latest, release): matched whole, never inside another word. */
const nameWords = (tool: string | null | undefined): string[] => (tool ? snakeCase(tool).split("_") : []);

/** A tool whose job is to check its input (validate_config, verifyPath, lint): its "false" is a finding. */
const CHECKS_INPUT = /^(?:valid|validate|validator|validation|verify|verifier|lint|linter|check|checker)$/;
/** Tools whose job is to report on what they checked: the statuses they return are findings. */
const CHECKING =
  /^(?:valid|validate|validator|validation|verify|verifier|lint|linter|check|checker|checks|ping|monitor|monitoring|health|healthcheck|probe|uptime|status|test|tests|inspect|scan|audit)$/;

export function checksInput(tool: string | null | undefined): boolean {
  return nameWords(tool).some((word) => CHECKS_INPUT.test(word));
}

function checksThings(tool: string | null | undefined): boolean {
  return nameWords(tool).some((word) => CHECKING.test(word));
}

/**
 * A page or answer a tool reports on in key: value lines, whose status line is an HTTP error
 * ("- HTTP status: 404 Not Found" after a browser's navigation): the answer it got was a failure.
 */
export function reportedStatus(text: string, tool: string | null | undefined): number | undefined {
  if (checksThings(tool)) return undefined;
  const scan = text.length > 4096 ? text.slice(0, 4096) : text;
  const lines = [
    ...scan.matchAll(
      /^[ \t]*[-*]?[ \t]*(?:HTTP status|Status code|Response status)[ \t]*:[ \t]*(\d{3})\b/gim,
    ),
  ];
  if (lines.length !== 1) return undefined;
  const status = Number(lines[0]![1]);
  return status >= 400 && status <= 599 ? status : undefined;
}

function statusOf(object: JsonObject): number | undefined {
  for (const key of STATUS_KEYS) {
    const raw = object[key];
    const status = typeof raw === "string" && /^\d{3}$/.test(raw) ? Number(raw) : raw;
    if (typeof status === "number" && Number.isInteger(status) && status >= 100 && status <= 599)
      return status;
  }
  return undefined;
}

function exchangeIn(object: JsonObject, relayedOnly: boolean): Exchange | undefined {
  const status = statusOf(object);
  if (status === undefined) return undefined;
  // An exception serialised whole ({"name":"APIError","status":503,"headers":…}) is an error envelope.
  if (typeof object.name === "string" && /(?:Error|Exception)$/.test(object.name)) return undefined;
  const body = object.body ?? object.data;
  const whole = (isObject(object.headers) || typeof object.statusText === "string") && body !== undefined;
  if (whole && !relayedOnly) return { status, body };
  // A relayed failure: a 4xx/5xx with the answer's own words beside it.
  if (status < 400) return whole ? { status, body } : undefined;
  const words = object.error ?? object.message ?? object.detail ?? object.errorMessage;
  if (words === undefined || words === null || words === "") return whole ? { status, body } : undefined;
  return { status, body: body ?? object };
}

/** An HTTP exchange returned whole: a status with its headers (or status text) and a body. */
export function wholeExchange(document: unknown): Exchange | undefined {
  if (!isObject(document) || !(isObject(document.headers) || typeof document.statusText === "string"))
    return undefined;
  return exchangeIn(document, false);
}

/**
 * A whole exchange wrapped once beside what describes the request
 * ({"request":{…},"response":{"statusCode":200,"statusText":"OK","headers":{},"body":…}}).
 */
export function wrappedExchange(document: unknown): Exchange | undefined {
  if (!isObject(document)) return undefined;
  for (const key of WRAPPER_KEYS) {
    const inner = document[key];
    if (!isObject(inner) || !describesRequest(document, key)) continue;
    const exchange = wholeExchange(inner);
    if (exchange) return exchange;
  }
  return undefined;
}

function describesRequest(document: JsonObject, wrapper: string): boolean {
  return Object.keys(document).every(
    (other) => other === wrapper || REQUEST_KEYS.test(other) || STATUS_KEYS.includes(other as never),
  );
}

/**
 * A failed HTTP answer a tool relays inside its success: at the top, or wrapped once beside what
 * describes the request. Read after the error envelopes (which an answer with nothing else is).
 */
export function relayedFailure(document: unknown, tool: string | null | undefined): Exchange | undefined {
  if (!isObject(document) || checksThings(tool)) return undefined;
  const direct = exchangeIn(document, true);
  if (direct && direct.status >= 400) return direct;
  for (const key of WRAPPER_KEYS) {
    const inner = document[key];
    if (!isObject(inner)) continue;
    if (!describesRequest(document, key)) continue;
    const relayed = exchangeIn(inner, true);
    if (relayed && relayed.status >= 400) return relayed;
  }
  return undefined;
}

/**
 * A part of the answer whose own `error` is its HTTP client's failed request ({"success": true, "info": {"size": 0,
 * …, "error": "Request failed with status code 503"}}): the tool filled that part with defaults when fetching it
 * failed, so the answer is the failure's. Only one level down, in an answer that is not a list, and not from a tool
 * that checks things (whose findings are other systems' failures).
 */
export function failedFetchInPart(document: unknown, tool: string | null | undefined): Exchange | undefined {
  if (!isObject(document) || checksThings(tool)) return undefined;
  for (const part of Object.values(document)) {
    if (!isObject(part) || typeof part.error !== "string" || part.error.length > 500) continue;
    const status = /^(?:[\w .-]{0,60}:[ \t]*)?Request failed with status code ([45]\d\d)\b/.exec(
      part.error,
    )?.[1];
    if (status !== undefined) return { status: Number(status), body: part.error };
  }
  return undefined;
}

/** The exchange failed: the status, refined by what its body names (a code, an OAuth error) and says. */
export function exchangeFailure(exchange: Exchange): { category?: Category; errorCode?: string } {
  const body = typeof exchange.body === "string" ? exchange.body : safeJson(exchange.body);
  const evidence = { ...evidenceInText(body), httpStatus: exchange.status };
  // The API's own number for its error, a member of the body ({"code": 1002, "message": "Invoice does not
  // exist."}): more specific than the status, unless it only repeats it.
  const own = isObject(exchange.body) ? codeField(exchange.body, "code") : undefined;
  const numbered = own !== undefined && /^-?\d{1,9}$/.test(own) && own !== String(exchange.status);
  return {
    category: categoryOfFailure(body, evidence) ?? categoryFromCode(`http_${exchange.status}`),
    errorCode: numbered && evidence.namedCode === undefined ? own : errorCodeOf(evidence),
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return "";
  }
}
