import { categoryFromCode, isCatchAllRpc, type FailureEvidence } from "./categories";
import { categoryFromSqlState, categoryFromTables, mysqlError } from "./codes";
import { smtpReplyInText } from "./codes/smtp";
import { httpStatusInText } from "./status-in-text";
import { parenthesisedCode } from "./named-codes";
import { scanWindow } from "./text";

// Machine-readable evidence quoted in the prose of a failure: an HTTP status from an upstream
// client's error message, a JSON-RPC code, a named error code, a network error code. Read only
// once a text is known to be a failure; each pattern is bounded (no unbounded run that a failed
// match could rescan from every position more than a constant number of times).

/** A JSON-RPC error code in prose or in an embedded error object: "MCP error -32602: …", "Mcp error: -32603", `"code":-32600`. */
export function jsonRpcCodeInText(text: string): number | undefined {
  const scan = scanWindow(text);
  const code =
    innermostRpcCode(scan) ??
    /^\s*(-32\d{3})\s*:/.exec(scan)?.[1] ??
    /["']code["']\s{0,20}:\s{0,20}(-32\d{3})\b/.exec(scan)?.[1];
  return code === undefined ? undefined : Number(code);
}

/**
 * The JSON-RPC code of the failure itself when wrappers quote one another: "MCP error -32603: Error
 * executing tool x: MCP error -32602: Service name is required" failed with -32602; -32603 (internal
 * error) is what a wrapper adds around whatever it caught, so a more specific code inside it wins.
 */
function innermostRpcCode(scan: string): string | undefined {
  let found: string | undefined;
  for (const match of scan.matchAll(/\b(?:MCP|JSON-?RPC)[ \t]*error[ \t]*:?[ \t]*(-32\d{3})\b/gi)) {
    if (found === undefined || found === "-32603") found = match[1];
    if (found !== "-32603") break;
  }
  return found;
}

const NETWORK_CODE =
  /\b(E(?:CONN(?:REFUSED|RESET|ABORTED)|TIMEDOUT|NOTFOUND|HOSTUNREACH|NETUNREACH|PIPE|AI_AGAIN)|UND_ERR_[A-Z_]+)\b/;

/**
 * The same errors as the C library words them (strerror; Go's net package and curl print these):
 * "dial tcp …: connect: connection refused" is ECONNREFUSED. Read when no name is quoted.
 */
const NETWORK_WORDS: [RegExp, string][] = [
  [/\bconnect(?:ion)?(?: failed)?: connection refused\b|\bconnection refused\b/i, "econnrefused"],
  [/\bconnection reset by peer\b/i, "econnreset"],
  [/\bno route to host\b/i, "ehostunreach"],
  [/\bnetwork is unreachable\b/i, "enetunreach"],
  [/\bdial tcp: lookup [^\s:]{1,200}(?: on [^\s]{1,80})?: no such host\b/i, "enotfound"],
];

function networkWordsInText(scan: string): string | undefined {
  return NETWORK_WORDS.find(([pattern]) => pattern.test(scan))?.[1];
}

/**
 * A code that only says an error happened ("http_error", "api_error", "unknown_error", "error"), or
 * a single word ("invalid"): it says less than a status the same failure quotes.
 */
export function isVagueCode(code: string): boolean {
  return (
    // One word is vague ("invalid", "error") unless a standard's table names it ("unavailable", "FORBIDDEN").
    // (camelCase joins words too: "paramValidationError" is a name, not one word).
    (!code.includes("_") &&
      !/[a-z0-9][A-Z]/.test(code) &&
      !NUMBERED_CODE.test(code) &&
      categoryFromTables(code) === undefined) ||
    isCatchAllCode(code)
  );
}

/** A label for whatever went wrong ("UNKNOWN_ERROR", "api_error", "GENERIC_FAILURE"), not a code for one failure. */
function isCatchAllCode(code: string): boolean {
  return /^(?:(?:http|api|request|response|server|client|external|connector|remote|upstream|unknown|generic|other|general|tool|mcp)_)+(?:error|failure|failed|exception)$/i.test(
    code,
  );
}

const SQLITE_CODE = /\b(SQLITE_[A-Z]{2,20})\b/;

/** The exception classes of JavaScript and its common libraries: a class, not the API's name for its error. */
const LIBRARY_ERRORS =
  /^(?:Type|Range|Syntax|Reference|Eval|URI|Aggregate|Zod|Axios|Fetch|Abort|Timeout|Mongo(?:Server)?|Prisma\w*|Sequelize\w*|Http|HTTP|Api|API|Request|Response|Client|Server|Network)Error$|^[A-Z][A-Za-z0-9]*(?:Api|API|Http|HTTP|Raw|Request|Response|Client|Service|Fetch)Error$/;

/**
 * A code an API spells in camel case ("ErrorItemNotFound", "itemNotFound", "TooManyRequests": Microsoft
 * Graph, Miro, monday.com) or as letters and a number ("SC1001": Cosmos DB's query errors) — a code
 * member's value, not a class a library throws.
 */
const CAMEL_CODE = /^[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/;
const NUMBERED_CODE = /^[A-Z]{1,6}-?\d{3,6}$/;

/** Several words joined: snake_case or UPPER_SNAKE. */
const JOINED_CODE = /^(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;

/** A code the text opens with, before a colon: "quota_exceeded: retry after 30 seconds", "Error: RATE_LIMITED: …". */
function openingCode(scan: string): string | undefined {
  const match =
    /^\s*(?:(?:error|错误|エラー|오류|ошибка|fehler|erreur)\s*[:：\-–]\s*)?([A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)[ \t]*(?::[ \t]*\S|\r?\n|$)/i.exec(
      scan,
    );
  const code = match?.[1] && JOINED_CODE.test(match[1]) ? match[1] : undefined;
  // A server's own label for a kind of failure ("API_ERROR: Request failed with status code 406",
  // "AUTHENTICATION_ERROR: … 401"): what it quotes of the upstream's answer says more.
  if (code && LABEL_CODE.test(code) && (httpStatusInText(scan) !== undefined || NETWORK_CODE.test(scan)))
    return undefined;
  // Elasticsearch wraps what failed: "search_phase_execution_exception … Caused by: illegal_argument_exception".
  return (code && WRAPPING_EXCEPTIONS.has(code.toLowerCase()) && rootCause(scan)) || code;
}

/** A label that names a kind of failure and nothing more: "API_ERROR", "VALIDATION_ERROR", "network_error". */
const LABEL_CODE = /^[A-Za-z]+(?:_[A-Za-z]+)*_error$/i;

const WRAPPING_EXCEPTIONS = new Set(["search_phase_execution_exception", "remote_transport_exception"]);

function rootCause(scan: string): string | undefined {
  return /\b(?:caused by|root causes?)\b:?\s{0,20}([a-z][a-z0-9]*(?:_[a-z0-9]+)*_exception)\b/i.exec(
    scan,
  )?.[1];
}

function embeddedCode(scan: string): { code: string; vague: boolean } | undefined {
  const named = namedErrorCode(scan);
  if (named !== undefined) return { code: named, vague: false };
  let vague: string | undefined;
  for (const match of scan.matchAll(
    // Also inside a JSON text quoted in another (zod's issues as an error's message: \"code\": \"invalid_type\").
    /\\{0,3}["'](code|error|error_code|errorCode|err_code|status|name)\\{0,3}["'][ \t]*:[ \t]*\\{0,3}["']([A-Za-z][\w.-]{1,60})\\{0,3}["']/g,
  )) {
    const code = match[2];
    // A status is a code only when it names a failure ("task_not_found"), not a state ("in_progress");
    // a name only when it names an error (Resend's "name": "validation_error"), not a thing.
    if (match[1] === "status" && (!code || !JOINED_CODE.test(code) || !categoryFromCode(code))) continue;
    if (
      match[1] === "name" &&
      (!code ||
        !(
          (JOINED_CODE.test(code) &&
            /_(?:error|exception|exceeded|failed|failure|invalid|denied)$|^invalid_/i.test(code)) ||
          // A camel-cased error class an API names its error by: "paramValidationError", "AuthenticationError".
          (/^[A-Za-z][a-z0-9]+(?:[A-Z][a-z0-9]+)*Error$/.test(code) && !LIBRARY_ERRORS.test(code))
        ))
    )
      continue;
    const member = match[1] !== "status" && match[1] !== "name";
    if (
      !code ||
      !(
        JOINED_CODE.test(code) ||
        (/^(?:[a-z]+|[A-Z]+)$/.test(code) && categoryFromCode(code)) ||
        (match[1] === "name" && /Error$/.test(code)) ||
        (member && CAMEL_CODE.test(code) && !LIBRARY_ERRORS.test(code)) ||
        (match[1] === "code" && NUMBERED_CODE.test(code))
      )
    )
      continue;
    if (!isVagueCode(code)) return { code, vague: false };
    vague ??= code;
  }
  return vague === undefined ? undefined : { code: vague, vague: true };
}

/**
 * A member whose name says it is the error's code, whatever its spelling ("errorCode":
 * "MovieExistsValidator", "errorCode": 40461 — not a status number or 0), and pydantic's issue type
 * beside its location and message ({"type": "less_than_equal", "loc": […], "msg": …}).
 */
function namedErrorCode(scan: string): string | undefined {
  const member =
    // Also in PascalCase ("ErrorCode": 3, Microsoft's APIs) and inside a JSON text quoted in another.
    /\\{0,3}["'](?:errorCode|ErrorCode|error_code|err_code)\\{0,3}["'][ \t]*:[ \t]*(?:\\{0,3}["']([A-Za-z][\w.-]{1,60})\\{0,3}["']|(\d{1,9})\b)/.exec(
      scan,
    );
  const number = member?.[2];
  if (member?.[1]) return member[1];
  const refined = refinedStatus(scan);
  if (refined !== undefined) return refined;
  if (number !== undefined && number !== "0" && !/^[1-5]\d\d$/.test(number)) return number;
  // zod's issue: its code beside its message and path ({"code": "custom", "message": …, "path": […]}).
  const zod =
    /\[\s{0,20}\{\s{0,20}"code"\s{0,5}:\s{0,5}"([a-z_]{2,40})"\s{0,5},[^\]]{0,600}?"path"\s{0,5}:\s{0,5}\[/.exec(
      scan,
    );
  if (zod?.[1]) return zod[1];
  // A Symfony / API Platform constraint violation's code (a UUID naming the constraint) beside its property path.
  const violation =
    /"violations"\s{0,5}:\s{0,5}\[\s{0,20}\{[^\]]{0,600}?"code"\s{0,5}:\s{0,5}"([\w-]{2,60})"/.exec(
      scan,
    )?.[1];
  if (violation && /"propertyPath"\s{0,5}:/.test(scan)) return violation;
  // An error object's type beside its message, hyphenated: {"type": "validation-failed", "message": …}
  // (InstantDB). Not Stripe's snake_case kinds ("invalid_request_error"), which a status says more than.
  const typed =
    /["']type["'][ \t]*:[ \t]*["']([a-z][a-z0-9]*(?:-[a-z0-9]+)+)["'][ \t]*,[ \t]*["'](?:message|detail)["'][ \t]*:/.exec(
      scan,
    )?.[1];
  if (typed) return typed;
  if (!/["']loc["'][ \t]*:[ \t]*\[/.test(scan) || !/["']msg["'][ \t]*:/.test(scan)) return undefined;
  return /["']type["'][ \t]*:[ \t]*["']([a-z][a-z0-9_.]{1,60})["']/.exec(scan)?.[1];
}

/**
 * An API's own number that extends the HTTP status it came with: {"code": 422, "status": 42203}
 * (Jina AI: the status, then which of its 422s), also written the other way round.
 */
function refinedStatus(scan: string): string | undefined {
  const match =
    /["']code["'][ \t]*:[ \t]*([45]\d\d)\b[^{}]{0,300}?["']status["'][ \t]*:[ \t]*(\d{5,6})\b/.exec(scan) ??
    /["']status["'][ \t]*:[ \t]*(\d{5,6})\b[^{}]{0,300}?["']code["'][ \t]*:[ \t]*([45]\d\d)\b/.exec(scan);
  if (!match?.[1] || !match[2]) return undefined;
  const [status, own] = match[1].length === 3 ? [match[1], match[2]] : [match[2], match[1]];
  return own.startsWith(status) ? own : undefined;
}

/**
 * A system error name, lower-cased, and whether it is a command that could not be spawned ("spawn
 * git ENOENT": the server's own environment, not the caller's path — its code, not its category).
 */
function systemCodeInText(scan: string): { code: string; spawn: boolean } | undefined {
  const match = SYSTEM_CODE.exec(scan);
  if (!match?.[1]) return undefined;
  const spawn = /\bspawn \S{1,200} $/.test(scan.slice(Math.max(0, match.index - 210), match.index));
  return { code: match[1].toLowerCase(), spawn };
}

/**
 * A MySQL/MariaDB error number as drivers print it: "ERROR 1146 (42S02): …", "Error 1062: …",
 * "(conn=12, no: 1146, SQLState: 42S02)", {"errno": 1146}. Only numbers in the table (codes/mysql).
 */
function mysqlNumberInText(scan: string): string | undefined {
  const match =
    /\b(?:ERROR|Error)[ \t:]+(\d{4})\b(?:[ \t]*\([0-9A-Z]{5}\))?/.exec(scan) ??
    /\bno: (\d{4}), SQLState\b/.exec(scan) ??
    /["']errno["'][ \t]*:[ \t]*(\d{4})\b/.exec(scan);
  return match?.[1] && mysqlError(Number(match[1])) ? match[1] : undefined;
}

const SYSTEM_CODE =
  /\b(E(?:NOENT|NOTDIR|ISDIR|EXIST|NOTEMPTY|ACCES|PERM|ROFS|BUSY|MFILE|NFILE|NOSPC|INVAL|NAMETOOLONG|LOOP|AGAIN|XDEV|2BIG|NOEXEC|TXTBSY|NOMEM|INTR|IO|DQUOT))\b/;

/**
 * A PostgreSQL SQLSTATE, as drivers print it ("SQLSTATE 42P01", "(SQLSTATE 23505)"), in an error
 * object ({"code":"42P01"}), or as psql and the server log print it in verbose mode ("ERROR:  42P01:
 * relation … does not exist") — the last only when its class is one of the standard's.
 */
function sqlStateInText(scan: string): string | undefined {
  const verbose = /\b(?:ERROR|FATAL|PANIC):[ \t]{1,3}([0-9][0-9A-Z]{4}):[ \t]/.exec(scan)?.[1];
  return (
    /\bSQLSTATE[ \t]*[:=[(]?[ \t]*["']?([0-9A-Z]{5})\b/.exec(scan)?.[1] ??
    /["'](?:code|sqlState|sqlstate)["'][ \t]*:[ \t]*["']([0-9][0-9A-Z]{4})["']/.exec(scan)?.[1] ??
    (verbose && categoryFromSqlState(verbose) ? verbose : undefined)
  );
}

/**
 * A retry hint in the text, in any of its usual forms: "retry after 30", "Retry-After: 30",
 * "retry_after": 30, "try again in 5 seconds", or an embedded "retryable"/"isRetryable" boolean.
 * true: a later retry can help; false: the text says it cannot.
 */
export function retryHintInText(text: string): boolean | undefined {
  const scan = scanWindow(text);
  const flag = /["'](?:isRetryable|retryable|retriable|is_retryable)["'][ \t]*:[ \t]*(true|false)\b/.exec(
    scan,
  )?.[1];
  if (flag) return flag === "true";
  if (
    /\bretry[ _-]?after(?:[ _-]?(?:seconds|secs|ms|s))?["']?[ \t]*[:=]?[ \t]*["']?\d|\b(?:retry|try again)[ \t]+(?:in|after)[ \t]+(?:about[ \t]+)?\d{1,6}[ \t]*(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)\b/i.test(
      scan,
    )
  )
    return true;
  // The work it asked about is not finished yet ("Request is still in progress"): the same call
  // succeeds once it is.
  if (/\b(?:is|are) still (?:in progress|processing|running|pending|being processed)\b/i.test(scan))
    return true;
  return undefined;
}

/**
 * Everything the text of a failure carries, and the error code it should be stored with. A machine
 * code named in the text, most specific first: one in parentheses after the word error
 * ("SQL Error (MCP_CLIENT_ERROR): …", gRPC's "code = Unavailable"), a SQLite result code, a code the
 * text opens with ("quota_exceeded: retry after 30 seconds"), the first code of an embedded object
 * — its `code`, `error` or `errorCode`, also inside a quoted HTTP error body, the first of an
 * `errors` list, a validation issue's (zod's "invalid_type") — when it reads as a code: several
 * words joined ("insufficient_quota", "NOT_FOUND"), or one word with a known meaning ("unauthorized").
 */
export function evidenceInText(text: string, reportsException = false): FailureEvidence & { code?: string } {
  const scan = scanWindow(text);
  const found =
    parenthesisedCode(scan) ?? SQLITE_CODE.exec(scan)?.[1] ?? mysqlNumberInText(scan) ?? openingCode(scan);
  const system = systemCodeInText(scan);
  // An SMTP reply's code (550, 421) is not an HTTP status.
  const smtp = smtpReplyInText(scan);
  const httpStatus = smtp ? undefined : httpStatusInText(scan);
  const networkCode = NETWORK_CODE.exec(scan)?.[1]?.toLowerCase();
  // A wrapper's catch-all beside what it wraps ("Error [UNKNOWN_ERROR]: … connect ECONNREFUSED …", "… HTTP
  // error (502): …") says less than the status or the network code; alone, it is the code there is.
  const wraps = found !== undefined && isCatchAllCode(found) && (httpStatus ?? networkCode) !== undefined;
  const named = wraps ? undefined : found;
  const embedded = named === undefined ? embeddedCode(scan) : undefined;
  const evidence: FailureEvidence = {
    namedCode: named ?? (embedded && !embedded.vague ? embedded.code : undefined),
    vendorCode: vendorCodeInText(scan),
    // A server's own number in the MCP error wrapper ("MCP error 1004: Network error …"): said
    // only when nothing more specific is (a status, a named code).
    vagueCode: embedded?.vague ? embedded.code : /\bMCP error[ \t]+(\d{1,6}):/i.exec(scan)?.[1],
    httpStatus,
    smtpCode: smtp?.code,
    rpcCode: jsonRpcCodeInText(scan),
    networkCode,
    networkWords: networkWordsInText(scan),
    systemCode: system && !system.spawn ? system.code : undefined,
    spawnCode: system?.spawn ? system.code : undefined,
    sqlState: sqlStateInText(scan),
    reportsException,
  };
  return { ...evidence, code: errorCodeOf(evidence) };
}

/**
 * An API's own error number that a wrapper quotes under the API's name ("WeatherAPI error 1006: No matching
 * location found", "Dataverse error 0x80040217: …", an HRESULT), or after the API's words on the same line
 * ("Serpstat API error: Invalid token! (code: 32001)"): not a status (100–599), not the MCP wrapper's own. Or the
 * API's own code after the status the wrapper quotes ("API error (HTTP 401) GET_ACCOUNT_UNKNOWN_AUTH_KEY: …").
 */
function vendorCodeInText(scan: string): string | undefined {
  const afterStatus =
    /^\s*[\w .-]{0,40}?\(?HTTP[ \t]*[1-5]\d\d\)?[ \t]+([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[ \t]*:[ \t]*\S/.exec(
      scan,
    )?.[1];
  if (afterStatus !== undefined && !LABEL_CODE.test(afterStatus)) return afterStatus;
  const number =
    /\b(?!MCP\b|JSON-?RPC\b|HTTP\b)[A-Z][\w.-]{0,40}(?:[ \t]+API)?[ \t]+error[ \t]+(\d{3,6}|0x[0-9A-Fa-f]{4,8})[ \t]*:/.exec(
      scan,
    )?.[1] ??
    /\b(?!MCP\b|JSON-?RPC\b|HTTP\b)[A-Z][\w.-]{0,40}(?:[ \t]+API)?[ \t]+error:[^\n(]{1,300}\((?:error[ \t]+)?code:[ \t]*(\d{3,6})\)[ \t.]*$/im.exec(
      scan,
    )?.[1];
  if (number === undefined) return undefined;
  return number.startsWith("0x") || !(Number(number) >= 100 && Number(number) <= 599) ? number : undefined;
}

/**
 * Most specific first: a named code; a SQLSTATE; a system error name; a specific JSON-RPC code
 * (-32700, -32600, -32601, -32602); a quoted HTTP status (`http_404`, as for a transport failure);
 * a vague code ("http_error", "invalid"); a network code; a generic JSON-RPC code (-32603 and the server range, which wrap whatever
 * failed upstream).
 */
export function errorCodeOf(evidence: FailureEvidence): string | undefined {
  const {
    namedCode,
    vagueCode,
    httpStatus,
    rpcCode,
    networkCode,
    systemCode,
    spawnCode,
    sqlState,
    smtpCode,
  } = evidence;
  // A tool the server does not have, quoted by whatever wraps it ("Error [RECORD_NOT_FOUND]: … {"originalError":
  // "MCP error -32601: Tool not found"}"): nothing the wrapper guessed says more.
  if (rpcCode === -32601) return "-32601";
  if (namedCode) return namedCode;
  if (evidence.vendorCode) return evidence.vendorCode;
  if (sqlState) return sqlState;
  if (smtpCode) return smtpCode;
  if (systemCode ?? spawnCode) return systemCode ?? spawnCode;
  // -32600 or -32602 around a network error ("… failed, reason: connect ECONNREFUSED") or a quoted status
  // ("Jira API error: Request failed with status code 429") is a server's catch-all.
  const specificRpc =
    rpcCode !== undefined && rpcCode <= -32600 && rpcCode !== -32603 && !isCatchAllRpc(evidence);
  if (specificRpc) return String(rpcCode);
  if (httpStatus !== undefined) return `http_${httpStatus}`;
  if (vagueCode) return vagueCode;
  if (networkCode) return networkCode;
  if (rpcCode !== undefined) return String(rpcCode);
  // Last: a network error known only by its words (a wrapper's code or a vendor's says more).
  return evidence.networkWords;
}
