import { categoryFromCode, type FailureEvidence } from "./categories";
import { scanWindow } from "./text";

// Machine-readable evidence quoted in the prose of a failure: an HTTP status from an upstream
// client's error message, a JSON-RPC code, a named error code, a network error code. Read only
// once a text is known to be a failure; each pattern is bounded (no unbounded run that a failed
// match could rescan from every position more than a constant number of times).

const REASONS =
  "bad request|unauthori[sz]ed|payment required|forbidden|not found|method not allowed|request timeout|conflict|gone|payload too large|unsupported media type|unprocessable (?:entity|content)|too many requests|internal server error|not implemented|bad gateway|service unavailable|gateway timeout";

// Each captures a 4xx/5xx status in a shape an HTTP client or API wrapper writes.
const STATUS_SHAPES: RegExp[] = [
  /\bstatus(?:[ _-]?code)?["']?[ \t]*[:=]?[ \t]*["'(]?([45]\d\d)\b/gi, // "status code 404", "Status: 403", "statusCode":403, "status code (401)"
  /\b([45]\d\d) (?:Client|Server) Error\b/gi, // Python requests
  /\b(?:Client|Server) error '([45]\d\d)\b/gi, // httpx
  /\bHTTP(?:Error)?(?:\/\d(?:\.\d)?)?[ \t]?([45]\d\d)\b/gi, // "HTTP 404", "HTTP/1.1 502", "HttpError 403"
  /\bdoes not indicate success:?[ \t]*([45]\d\d)\b/gi, // .NET HttpClient
  /\]\[([45]\d\d)\]/g, // go-openapi "[GET /path][400]"
  /\bhttps?:\/\/\S+: ([45]\d\d)\b/g, // go-github "GET https://…: 401 Bad credentials"
  /\b(?:api|request) (?:error|failed)[ \t]*[:,(]?[ \t]*\(?([45]\d\d)\b/gi, // "API error: 401", "API Request Failed (401)"
  /\b(?:error|exception) code:?[ \t]*([45]\d\d)\b/gi, // "Error code: 429"
  /\berror[ \t]*\(([45]\d\d)\)/gi, // "API error (400)"
  /\breturned:?[ \t]*([45]\d\d)\b/gi, // "returned 404"
  /\b(?:MCP|JSON-?RPC) error:?[ \t]*([45]\d\d)\b/gi, // "MCP error 403: …"
  new RegExp(`\\b([45]\\d\\d)[ \\t:]{1,3}\\(?(?:${REASONS})\\b`, "gi"), // "403 Forbidden", "401 (Unauthorized)"
  new RegExp(`\\b(?:${REASONS})[ \\t]*\\(([45]\\d\\d)\\)`, "gi"), // "Unauthorized (401)"
  /\b(?:got|received)[ \t]+(?:an?[ \t]+)?(?:http[ \t]+)?([45]\d\d)\b/gi, // "Got 404 from …"
  /^([45]\d\d)[ \t]*[:\-–—]/g, // "404: …"
];

/**
 * The HTTP status a failure's text quotes. When several are quoted, the first 4xx wins: an outer
 * 500 or 503 usually wraps the upstream's own 401 or 403, which says more.
 */
export function httpStatusInText(text: string): number | undefined {
  const scan = scanWindow(text);
  let client: [number, number] | undefined;
  let server: [number, number] | undefined;
  for (const shape of STATUS_SHAPES) {
    for (const match of scan.matchAll(shape)) {
      const status = Number(match[1]);
      const at = match.index;
      if (status < 500) {
        if (!client || at < client[1]) client = [status, at];
        break;
      }
      if (!server || at < server[1]) server = [status, at];
    }
  }
  return (client ?? server)?.[0];
}

/** A JSON-RPC error code in prose or in an embedded error object: "MCP error -32602: …", "Mcp error: -32603", `"code":-32600`. */
export function jsonRpcCodeInText(text: string): number | undefined {
  const scan = scanWindow(text);
  const code =
    /\b(?:MCP|JSON-?RPC)[ \t]*error[ \t]*:?[ \t]*(-32\d{3})\b/i.exec(scan)?.[1] ??
    /^\s*(-32\d{3})\s*:/.exec(scan)?.[1] ??
    /["']code["']\s{0,20}:\s{0,20}(-32\d{3})\b/.exec(scan)?.[1];
  return code === undefined ? undefined : Number(code);
}

const NETWORK_CODE =
  /\b(E(?:CONN(?:REFUSED|RESET|ABORTED)|TIMEDOUT|NOTFOUND|HOSTUNREACH|NETUNREACH|PIPE|AI_AGAIN)|UND_ERR_[A-Z_]+)\b/;

/**
 * A machine code named in the text: one in parentheses after the word error ("SQL Error
 * (MCP_CLIENT_ERROR): …"), or the first `code` field of an embedded object (JSON, or a Python
 * dict as printed) whose value is a multi-word code with a known meaning ("insufficient_quota",
 * "BAD_USER_INPUT") — a one-word or unknown code ("invalid", "http_error") says less than a status.
 */
export function namedCodeInText(text: string): string | undefined {
  return parenthesisedCode(text) ?? embeddedCode(text);
}

/** "SQL Error (MCP_CLIENT_ERROR): …", gRPC's "rpc error: code = Unavailable desc = …". */
function parenthesisedCode(text: string): string | undefined {
  const scan = scanWindow(text);
  return (
    /\b(?:error|exception)(?:[ \t]+(?:from|occurred)(?:[ \t]+server)?)?[ \t]*\(([A-Za-z][\w.]{1,60})\)/i.exec(
      scan,
    )?.[1] ??
    /\brpc error: code = ([A-Z][A-Za-z]{2,40})\b/.exec(scan)?.[1] ??
    /\[(ERR_[A-Z0-9_]{2,60})\]/.exec(scan)?.[1] ??
    /<Code>([\w.]{1,60})<\/Code>/.exec(scan)?.[1]
  );
}

function embeddedCode(text: string): string | undefined {
  for (const match of scanWindow(text).matchAll(
    /["'](?:code|error_code|errorCode)["'][ \t]*:[ \t]*["']([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)["']/g,
  )) {
    const code = match[1];
    if (code && categoryFromCode(code)) return code;
  }
  return undefined;
}

/** Everything the text of a failure carries, and the error code it should be stored with. */
export function evidenceInText(text: string, reportsException = false): FailureEvidence & { code?: string } {
  const explicit = parenthesisedCode(text);
  const httpStatus = httpStatusInText(text);
  const rpcCode = jsonRpcCodeInText(text);
  // Inside a JSON-RPC error, an embedded object's codes describe its details (a zod issue's
  // "invalid_type"), not the failure.
  const namedCode = explicit ?? (rpcCode === undefined ? embeddedCode(text) : undefined);
  const networkCode = NETWORK_CODE.exec(scanWindow(text))?.[1]?.toLowerCase();
  const evidence = { namedCode, httpStatus, rpcCode, networkCode, reportsException };
  return { ...evidence, code: errorCodeOf(evidence) };
}

/**
 * Most specific first: a named code; a specific JSON-RPC code (-32700, -32600, -32601, -32602);
 * a quoted HTTP status (`http_404`, as for a transport failure); a generic JSON-RPC code (-32603
 * and the server range, which wrap whatever failed upstream); a network code.
 */
export function errorCodeOf(evidence: FailureEvidence): string | undefined {
  const { namedCode, httpStatus, rpcCode, networkCode } = evidence;
  if (namedCode) return namedCode;
  const specificRpc = rpcCode !== undefined && rpcCode <= -32600 && rpcCode !== -32603;
  if (specificRpc) return String(rpcCode);
  if (httpStatus !== undefined) return `http_${httpStatus}`;
  if (rpcCode !== undefined) return String(rpcCode);
  return networkCode;
}
