import type { Exchange } from "./exchange";
import { isObject, stringField, type JsonObject } from "./json";
import { toolBaseName } from "./names";

// Work a tool started and reports on in its success: a run, a prediction or a query whose own
// status says it failed ({"status": "failed", "error": "CUDA out of memory"}), and a page a scraper
// fetched whose own status is an HTTP error ({"markdown": "# Page not found", "metadata":
// {"statusCode": 404}}). A tool that reads the state of something (get_job, list_runs,
// job_status) reports that state as data: its "failed" is a finding, not its own failure.

const FAILED = new Set(["failed", "failure", "error", "errored", "fail", "crashed", "aborted"]);
/** Where an API's answer sits when a tool wraps it once. */
const WRAPPERS = ["response", "result", "data", "body", "prediction", "run", "job", "task", "execution"];
/** Tools that read the state of things: what they return is the state, however bad. */
const READS =
  /^(?:get|describe|show|inspect|lookup|look|retrieve|view|list|search|find|fetch|read|check|poll|wait|watch|monitor|status)(?:_|$)|(?:^|_)(?:status|state|history|logs?)(?:_|$)/;

function reads(tool: string | null | undefined): boolean {
  return tool ? READS.test(toolBaseName(tool)) : false;
}

function failedIn(object: JsonObject): string | undefined {
  const status = stringField(object, "status", "state");
  if (status === undefined || !FAILED.has(status.toLowerCase())) return undefined;
  const error = object.error;
  const words =
    typeof error === "string"
      ? error
      : isObject(error)
        ? (stringField(error, "message", "detail", "msg") ?? stringField(error, "code", "type"))
        : undefined;
  return words?.trim() ? words : undefined;
}

/** The words of a failed run the tool started (or its API answered about its own request); undefined otherwise. */
export function failedRun(document: unknown, tool: string | null | undefined): string | undefined {
  if (!isObject(document) || reads(tool)) return undefined;
  const direct = failedIn(document);
  if (direct !== undefined) return direct;
  for (const key of WRAPPERS) {
    const inner = document[key];
    if (isObject(inner)) {
      const wrapped = failedIn(inner);
      if (wrapped !== undefined) return wrapped;
    }
  }
  return undefined;
}

const PAGE_KEYS = ["markdown", "html", "rawHtml", "raw_html", "content", "text"] as const;
const PAGE_META = ["metadata", "meta", "response"] as const;
const STATUS = ["statusCode", "status_code", "status", "httpStatus", "http_status"] as const;

/** A fetched page whose own metadata says the server answered it with an HTTP error. */
export function fetchedErrorPage(document: unknown): Exchange | undefined {
  if (!isObject(document)) return undefined;
  const page = PAGE_KEYS.map((key) => document[key]).find((value) => typeof value === "string");
  if (page === undefined) return undefined;
  for (const key of PAGE_META) {
    const meta = document[key];
    if (!isObject(meta)) continue;
    const status = STATUS.map((name) => meta[name]).find((value) => typeof value === "number");
    if (typeof status === "number" && Number.isInteger(status) && status >= 400 && status <= 599)
      return { status, body: page };
  }
  return undefined;
}

/** A run's own return value, set to null when its step failed (Pipedream's "ret": null). */
const RETURN_KEYS = ["ret", "return", "return_value", "returnValue"] as const;

/**
 * An action run that returned nothing and logged an error ({"exports": {"debug": {"status": 404, "statusText":
 * "Not Found", "data": {…}}}, "os": [{"k": "error", "err": {…}}], "ret": null}: Pipedream's): the step failed. The
 * exchange it kept for debugging says how; else the error it logged.
 */
export function failedStep(document: unknown): Exchange | string | undefined {
  if (!isObject(document)) return undefined;
  // Its return value null, or none beside the exports it kept (a run that threw never returned).
  const returned = RETURN_KEYS.find((key) => key in document);
  if (returned ? document[returned] !== null : !isObject(document.exports)) return undefined;
  const logged = Object.values(document)
    .filter((value): value is unknown[] => Array.isArray(value))
    .flat()
    .find(
      (entry): entry is JsonObject =>
        isObject(entry) &&
        [entry.k, entry.level, entry.type].some((kind) => kind === "error") &&
        (isObject(entry.err) || isObject(entry.error) || typeof entry.error === "string"),
    );
  if (!logged) return undefined;
  const debug =
    isObject(document.exports) && isObject(document.exports.debug) ? document.exports.debug : undefined;
  const status = debug && typeof debug.status === "number" ? debug.status : undefined;
  if (status !== undefined && status >= 400 && status <= 599) return { status, body: debug!.data };
  const error = isObject(logged.err) ? logged.err : isObject(logged.error) ? logged.error : undefined;
  const words = error ? stringField(error, "message", "name") : (logged.error as string);
  return words?.trim() ? words : undefined;
}
