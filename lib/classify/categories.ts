import {
  categoryFromFailedStatus,
  isVendorClientStatus,
  categoryFromHttpStatus,
  categoryFromSqlState,
  categoryOfCode,
  statusNamedBy,
} from "./codes";
import { categoryFromSmtpCode } from "./codes/smtp";
import {
  firstRule,
  MISSING_RESOURCE,
  RESULT_REFUSED,
  SPECIFIC_TEXT_RULES,
  SPECULATION,
  STRONG_TEXT_RULES,
  strongRule,
  UNKNOWN_TOOL_TEXT,
  WEAK_TEXT_RULES,
  weakRule,
  wordsOf,
} from "./category-words";
import { snakeCase } from "./names";
import { asksBeyondLimit, CAPACITY_SHORTAGE, PLAN_LIMIT } from "./limits";
import { scanWindow } from "./text";
import { CATEGORIES, type Category } from "./types";

// Category evidence, strongest first: explicit metadata, then a machine code (codes/: one table
// per standard), then prose.

export { categoryFromHttpStatus, categoryFromSqlState } from "./codes";

export function categoryFromExplicit(value: unknown): Category | undefined {
  if (typeof value !== "string") return undefined;
  const normalised = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if ((CATEGORIES as readonly string[]).includes(normalised)) return normalised as Category;
  if (normalised === "rate_limit" || normalised === "ratelimited") return "rate_limited";
  if (normalised === "authentication") return "auth";
  if (normalised === "authorization" || normalised === "forbidden") return "permission";
  return undefined;
}

export function categoryFromJsonRpcCode(code: number, message: string): Category | undefined {
  switch (code) {
    case -32700:
    case -32600:
      return "validation";
    case -32601:
      return "unknown_tool";
    case -32602:
      return UNKNOWN_TOOL_TEXT.test(message) ? "unknown_tool" : "validation";
    case -32603:
      return "internal";
    case -32001:
      return "transient";
    default:
      return undefined;
  }
}

export function categoryFromCode(code: string): Category | undefined {
  return categoryOfCode(code, (number) => categoryFromJsonRpcCode(number, ""));
}

/** The category the words of a text support, strongest rule first. */
export function categoryFromText(text: string): Category | undefined {
  const words = wordsOf(text);
  return (
    firstRule(STRONG_TEXT_RULES, words) ??
    firstRule(SPECIFIC_TEXT_RULES, words) ??
    firstRule(WEAK_TEXT_RULES, words)
  );
}

export function strongCategoryFromText(text: string): Category | undefined {
  return strongRule(wordsOf(text));
}

/** What a failure's payload carries besides its words: codes, a status, what shape it had. */
export interface FailureEvidence {
  /** A machine code the payload names ("invalid_auth", "BAD_USER_INPUT", "SQLITE_CONSTRAINT"). */
  namedCode?: string;
  /**
   * An API's own error number its wrapper quotes under the API's name ("WeatherAPI error 1006: …"), or its own code
   * after the status it quotes ("(HTTP 401) GET_ACCOUNT_UNKNOWN_AUTH_KEY: …"): stored, never read through another
   * standard's table (2006 is not MySQL's "server has gone away" here); the status and the words decide the category.
   */
  vendorCode?: string;
  /** A code that only says an error happened ("http_error", "invalid"): stored when nothing says more. */
  vagueCode?: string;
  /** An HTTP status the text quotes (a client's error message, a status field). */
  httpStatus?: number;
  /** A JSON-RPC error code (-32xxx) the payload carries. */
  rpcCode?: number;
  /** A network error code quoted in the text ("ECONNREFUSED"). */
  networkCode?: string;
  /** A network error as the C library words it ("connection refused"): its name, stored when nothing else is. */
  networkWords?: string;
  /** A system error name quoted in the text, lower-cased ("enoent", "eacces"). */
  systemCode?: string;
  /** A system error name of a command that could not be spawned ("spawn git ENOENT"): a code, not a category. */
  spawnCode?: string;
  /** A PostgreSQL SQLSTATE the text quotes ("42P01"). */
  sqlState?: string;
  /** An SMTP enhanced status code the text quotes after its reply code ("5.1.1": codes/smtp). */
  smtpCode?: string;
  /** The text reports an exception (a framework's "Error <doing X>: …" wrapper, a class name, a panic). */
  reportsException?: boolean;
}

/** The categories a failure with this status may have when its words say which. */
const STATUS_FAMILIES: Record<number, Category[]> = {
  400: ["business", "unknown_tool", "rate_limited", "auth"], // many APIs answer a bad key with 400
  401: ["auth", "permission"],
  403: ["auth", "permission", "business", "rate_limited"], // GitHub's rate limits answer 403
  404: ["unknown_tool", "permission", "auth"],
  410: ["unknown_tool"],
  409: ["transient"],
  422: ["business"], // a card declined, a plan's limit: the domain refused a well-formed request
  429: ["rate_limited", "business"],
  502: ["unknown_tool", "rate_limited", "auth", "permission", "business"],
  503: ["unknown_tool", "rate_limited", "auth", "permission", "business"],
  504: ["rate_limited"],
};

/**
 * Whether the words' category refines the status's within its family. A 400 is auth only when the
 * words name a credential ("x-api-key header is invalid"): an MCP transport's "missing or invalid
 * session" is the request's, not a login's.
 */
function refines(status: number, strong: Category, words: string): boolean {
  if (!STATUS_FAMILIES[status]?.includes(strong)) return false;
  return status !== 400 || strong !== "auth" || CREDENTIAL_WORDS.test(words);
}

const CREDENTIAL_WORDS =
  /\b(?:api[ _-]?key|x-api-key|auth[ _-]?key|token|credentials?|password|secret|(?:authentication|login|log[ _-]?in|sign[ _-]?in)(?: to [\w .-]{1,40}?)?[ _]failed)\b/i;

/** A code that only says the server failed somehow: its words decide. */
const GENERIC_INTERNAL =
  /^(?:internal(?:_server)?(?:_error)?|server_error|unknown_error|general_error|unexpected_error)$/;

/** A code that only says the request was refused: a plan's limit said beside it (PLAN_LIMIT) is the plan's refusal. */
const GENERIC_VALIDATION =
  /^(?:invalid_(?:request|parameters?|params|arguments?|input)|bad_request|validation_(?:error|failed))$/;

const SPECIFIC_RPC_CODES = new Set([-32700, -32600, -32601, -32602]);

/**
 * -32600 (Invalid Request) or -32602 (Invalid params) said of a network error or a status the upstream
 * answered ("MCP error -32602: Request failed with status code 500", "… connect ECONNREFUSED"): the server's
 * catch-all for every failure, not the protocol's verdict on the request.
 */
export function isCatchAllRpc(evidence: FailureEvidence): boolean {
  const { rpcCode, networkCode, networkWords, httpStatus } = evidence;
  return (
    (rpcCode === -32600 || rpcCode === -32602) && (networkCode ?? networkWords ?? httpStatus) !== undefined
  );
}

/**
 * The category of a failure, whatever channel it came by (a silent failure, an isError result, a
 * JSON-RPC error's message): a named machine code; then the strong words (who refused and why);
 * then a quoted 4xx (or 502/503/504) status or a specific JSON-RPC code; what a database, a file
 * system or version control said (its phrases, a SQLSTATE, a system error name); a network
 * code; the weak words; a 5xx or a generic JSON-RPC code (-32603, the server range: a fallback,
 * never a verdict over the words); an exception.
 */
export function categoryOfFailure(text: string, evidence: FailureEvidence): Category | undefined {
  // A code that is an HTTP status's name ("bad_request", "forbidden") says what the status says:
  // read as that status, which the words may refine within its family.
  const statusNamed = evidence.namedCode ? statusNamedBy(evidence.namedCode) : undefined;
  if (statusNamed !== undefined) {
    return categoryOfFailure(text, {
      ...evidence,
      namedCode: undefined,
      httpStatus: evidence.httpStatus ?? statusNamed,
    });
  }
  // The server's own answer refused by its MCP library: a zod issue's code in it ("invalid_union") is
  // about the server's output, not the caller's input.
  if (evidence.namedCode && RESULT_REFUSED.test(scanWindow(text))) return "internal";
  if (evidence.rpcCode === -32601) return "unknown_tool";
  if (asksBeyondLimit(scanWindow(text))) return "business";
  // A code that names the answer the server got back as bad ("INVALID_JSON_RESPONSE") is its reading of what
  // came back, not of the caller's input: the status it came with decides; with none, the server failed inside.
  if (evidence.namedCode && /(?:^|_)(?:response|reply)(?:_|$)/.test(snakeCase(evidence.namedCode))) {
    const fromRest = categoryOfFailure(text, { ...evidence, namedCode: undefined });
    return fromRest && fromRest !== "unknown" ? fromRest : "internal";
  }
  const named = evidence.namedCode ? categoryFromCode(evidence.namedCode) : undefined;
  // A code that only says the request was refused ("invalid_parameters"), or any refusal of rights
  // ("AUTH_FORBIDDEN"), said of the plan's limit ("Free plan environments are limited to 10 assets … upgrade your
  // plan", "requires a higher plan tier"): the plan refused, not the arguments or the caller's rights.
  if (
    ((named === "validation" && GENERIC_VALIDATION.test(snakeCase(evidence.namedCode ?? ""))) ||
      named === "permission") &&
    PLAN_LIMIT.test(scanWindow(text))
  )
    return "business";
  if (named && !(named === "internal" && GENERIC_INTERNAL.test(snakeCase(evidence.namedCode ?? ""))))
    return named;
  if (named) {
    // "internal_error" is what a server labels whatever it caught: its words say what failed
    // ({"error": "internal_error", "message": "Entity not found: x"} is the caller's name).
    const fromWords = categoryOfFailure(text, { ...evidence, namedCode: undefined });
    return fromWords && fromWords !== "unknown" ? fromWords : named;
  }
  const words = wordsOf(text);
  // A mail server's reply says what failed by its standard's table, refined by its words.
  const smtp = evidence.smtpCode ? categoryFromSmtpCode(evidence.smtpCode, words) : undefined;
  if (smtp) return smtp;
  const status = evidence.httpStatus;
  // A 409 that asks to try again is a write collision (transient), not a duplicate (validation).
  const strong =
    strongRule(words) ?? (status === 409 && /\b(?:try again|retry)\b/i.test(words) ? "transient" : undefined);
  const serverStatus = status !== undefined && status >= 500 && !(status >= 502 && status <= 504);
  if (CAPACITY_SHORTAGE.test(words) && status !== 401 && status !== 403 && status !== 429) return "transient";
  if (status !== undefined && !serverStatus) {
    // A 404 that says the thing does not exist is that, whatever else it allows ("… or you do not have access").
    if ((status === 404 || status === 410) && MISSING_RESOURCE.test(words)) return "validation";
    const fromStatus = categoryFromFailedStatus(status);
    // The words may refine a status within its family (a 403 that says the key is invalid is
    // auth; a 429 about the plan's quota is business), not contradict it — a vendor's own 4xx
    // (430 "Too many concurrent requests") has no family but the caller's side: its words decide.
    if (strong && (!fromStatus || refines(status, strong, words) || isVendorClientStatus(status)))
      return strong;
    if (fromStatus) return fromStatus;
  }
  if (strong) return strong;
  const rpc = evidence.rpcCode;
  // -32600 said of what is plainly not a malformed request ("MCP error -32600: An internal error
  // occurred, please try again later", "… failed, reason: connect ECONNREFUSED"): the server's
  // catch-all for every failure; a network error or its words decide.
  if (rpc === -32600) {
    if (evidence.networkCode ?? evidence.networkWords) return "transient";
    const fromWords = firstRule(SPECIFIC_TEXT_RULES, words) ?? weakRule(words);
    if (fromWords && fromWords !== "validation") return fromWords;
  }
  // -32602 said of a status the upstream answered or a network error: what the upstream answered decides.
  if (rpc === -32602 && isCatchAllRpc(evidence))
    return categoryOfFailure(text, { ...evidence, rpcCode: undefined });
  if (rpc !== undefined && SPECIFIC_RPC_CODES.has(rpc)) return categoryFromJsonRpcCode(rpc, text);
  const specific =
    firstRule(SPECIFIC_TEXT_RULES, words) ??
    (evidence.sqlState ? categoryFromSqlState(evidence.sqlState) : undefined) ??
    (evidence.systemCode ? categoryFromCode(evidence.systemCode) : undefined);
  if (specific) return specific;
  if (evidence.networkCode ?? evidence.networkWords) return "transient";
  // Words that say the upstream's own words were lost ("failed: [object Object]") yield to a generic
  // code or a 5xx: the server's own channel still says it failed inside, which is more than nothing.
  const weak = weakRule(words);
  if (weak && weak !== "unknown") return weak;
  // A failure that lists what it might be says it does not know: a generic code does not decide for it.
  if (SPECULATION.test(scanWindow(text))) return undefined;
  if (status !== undefined && serverStatus) return categoryFromHttpStatus(status);
  if (rpc !== undefined) {
    const fromCode = categoryFromJsonRpcCode(rpc, text);
    if (fromCode) return fromCode;
  }
  return weak ?? (evidence.reportsException ? "internal" : undefined);
}

/**
 * The category of an HTTP status answered on the wire, refined within its family by the words that
 * say who refused ("403 Forbidden: Invalid bearer token" is auth), never contradicted by them.
 */
export function categoryOfStatus(status: number, text: string): Category | undefined {
  const fromStatus = categoryFromHttpStatus(status);
  const strong = strongCategoryFromText(text);
  return strong && fromStatus && refines(status, strong, wordsOf(text)) ? strong : fromStatus;
}

/**
 * "retryable" of the outcome model (docs/OUTCOMES.md) when no explicit metadata says otherwise —
 * Faultline's judgement, not the server's word. An internal failure named by a system error is a
 * command the server could not run ("spawn bw ENOENT"): it fails the same way until someone installs it.
 */
export function defaultRetryable(category: Category, errorCode?: string | null): boolean {
  if (category === "internal" && (errorCode === "enoent" || errorCode === "eacces")) return false;
  return category === "transient" || category === "rate_limited" || category === "internal";
}
