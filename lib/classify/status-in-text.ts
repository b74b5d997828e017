import { statusOfReasonPhrase } from "./codes/http";
import { scanWindow } from "./text";

// The HTTP status a failure's text quotes, in the shapes HTTP clients and API wrappers write it.
// Each pattern is bounded (no unbounded run a failed match could rescan from every position).

const REASONS =
  "bad request|unauthori[sz]ed|payment required|forbidden|not found|method not allowed|request timeout|conflict|gone|payload too large|unsupported media type|unprocessable (?:entity|content)|too many requests|internal server error|not implemented|bad gateway|service unavailable|service temporarily unavailable|gateway timeout";

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
  /\b(?:error|failed|denied|refused)[ \t]*\(([45]\d\d)\)/gi, // "API error (400)", "Authentication failed (403)"
  /\(HTTP code:?[ \t]*([45]\d\d)\)/gi, // Docker's client: "(HTTP code 404) no such container"
  /<title>[ \t]*([45]\d\d)\b/gi, // an error page quoted in a message: "<title>401 - Unauthorized: …</title>"
  /\berror[ \t]+([45]\d\d)\b/gi, // "Error 500: the server encountered …"
  /\bfailed\b[^\n:]{0,60}:[ \t]+([45]\d\d)\b/gi, // "Failed to write data: 400 {…}"
  /\bresponse[ \t]*\(([45]\d\d)\)/gi, // "Unexpected server response (404)"
  /^(?:\w+[ \t]+)?error:[ \t]+([45]\d\d)[ \t]+[A-Z]/gim, // OpenAI's SDK: "Error: 429 You exceeded your current quota"
  /\breturned:?[ \t]*([45]\d\d)\b/gi, // "returned 404"
  /\b(?:MCP|JSON-?RPC) error:?[ \t]*([45]\d\d)\b/gi, // "MCP error 403: …"
  /\bHTTP[ \t]+(?:error|status)[ \t]*:?[ \t]*([45]\d\d)\b/gi, // "HTTP error: 404", "HTTP status 503"
  /\bHTTP[-_ ]?code[ \t]*:?[ \t]*([45]\d\d)\b/gi, // "HTTP-Code: 404" (Datadog's client)
  /\bAPI[ \t]+([45]\d\d)[ \t]*:/g, // "API 403: {…}": a client naming the status its API answered
  /\\{0,3}["'](?:code|status|statusCode|status_code|errorCode|error_code)\\{0,3}["'][ \t]*:[ \t]*([45]\d\d)\b/g, // an embedded {"code":404}, also in JSON quoted in a message
  new RegExp(`\\b([45]\\d\\d)[ \\t:]{1,3}\\(?(?:${REASONS})\\b`, "gi"), // "403 Forbidden", "401 (Unauthorized)"
  new RegExp(`\\b(?:${REASONS})[ \\t]*\\(([45]\\d\\d)\\)`, "gi"), // "Unauthorized (401)"
  /\b(?:got|received)[ \t]+(?:an?[ \t]+)?(?:http[ \t]+)?([45]\d\d)\b/gi, // "Got 404 from …"
  /^([45]\d\d)[ \t]*[:\-–—]/g, // "404: …"
  /\((?:HTTP[ \t]*)?([45]\d\d)\)[ \t]*[.:]/gi, // "Failed to get transaction (404): Not Found", "rate limit hit (429). Retry …"
  /\breturned error:?[ \t]*([45]\d\d)\b/gi, // git's "The requested URL returned error: 503"
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
  return (client ?? server)?.[0] ?? reasonPhraseAlone(scan);
}

/**
 * A message that is nothing but a status's reason phrase, after an error label or none: "Error: Not
 * Found", "Maven Central API error: Bad Gateway", "Error fetching datasets: Internal server error" — a
 * client that threw its response's status text; also with the body's message after a dash, as
 * clients join them ("Unauthorized - Session not found", "Conflict - Dataset \"x\" already exists").
 */
function reasonPhraseAlone(scan: string): number | undefined {
  const phrase =
    /^[ \t]*(?:(?:[\w .-]{0,60}?\b(?:error|failed|failure)|(?:error|failed|failure)\b[\w .-]{1,60}?)[ \t]*:[ \t]*){0,2}([A-Za-z][A-Za-z ]{1,40}?)[ \t]*(?:\.|[ \t]-[ \t][^\n]{1,300})?[ \t]*$/i.exec(
      scan,
    )?.[1];
  return phrase === undefined ? undefined : statusOfReasonPhrase(phrase);
}
