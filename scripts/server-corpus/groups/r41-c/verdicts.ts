// Verdicts for group r41-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r41-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // unifi-mcp (Pedro Proença): every tool handler is wrapped so that anything thrown becomes an isError text
  // "Error: <message>". An upstream non-2xx is thrown as "UniFi API <status> <statusText> — <path>: <detail>", the
  // detail being the body's `message` (or `error`, or the first 500 characters of the body); the integration API's
  // `code` and `requestId` are dropped. A network failure is undici's bare "fetch failed". The SDK answers an
  // unknown tool with an isError "MCP error -32602: Tool … not found". Nothing here is a JSON-RPC error.
  "unf-001": ok("the Network application's version, 10.1.84"),
  "unf-002": ok("the console's one site, with its id and internal reference"),
  "unf-003": ok("the four adopted devices with state, model, firmware and features"),
  "unf-004": ok("the filtered list: the one offline access point"),
  "unf-005": ok("a filtered device list that found nothing: []", true),
  "unf-006": tool(
    "validation",
    "http_400",
    false,
    "isError 'UniFi API 400 Bad Request … Invalid filter expression: state = OFFLINE': the filter argument is malformed; the status is quoted, the API's code is not",
  ),
  "unf-007": ok("one access point's details, uplink and radios"),
  "unf-008": tool(
    "validation",
    "http_404",
    false,
    "isError 'UniFi API 404 Not Found … Device with id … not found': the named device does not exist",
  ),
  "unf-009": tool(
    "validation",
    "http_404",
    false,
    "the same 404 for the same tool and arguments, right after the same non-retryable failure",
    true,
  ),
  "unf-010": ok("the access point's latest uptime, load, CPU, memory, uplink and radio statistics"),
  "unf-011": ok("no device waits for adoption: []", true),
  "unf-012": ok("the three connected clients"),
  "unf-013": ok("the guest's client authorized, with the grant's times"),
  "unf-014": tool(
    "permission",
    "http_403",
    false,
    "isError 'UniFi API 403 Forbidden … The API key does not have permission to perform this action': the key's admin may not generate vouchers",
  ),
  "unf-015": ok("three vouchers generated, with their codes"),
  "unf-016": tool(
    "validation",
    null,
    false,
    "isError 'Error: voucherId is required for delete': the tool's own check of its arguments, no code",
  ),
  "unf-017": tool(
    "validation",
    "api.err.IdInvalid",
    false,
    'isError \'UniFi API 400 Bad Request …/rest/device/<uuid>: {"meta":{"rc":"error","msg":"api.err.IdInvalid"}…}\': the classic API rejects the id; its msg is the most specific machine code. The tool sends the integration UUID where the classic API wants its own id, so the same call fails whatever the caller does (see README, Ambiguous)',
  ),
  "unf-018": ok("the two clients the site has seen, with OUI, hostname and network"),
  "unf-019": ok("the alias saved: the classic API's rc ok with the new user record"),
  "unf-020": tool(
    "auth",
    "http_401",
    false,
    "isError 'UniFi API 401 Unauthorized … [object Object]': the console rejected the API key (deleted); UniFi OS's body is lost to '[object Object]' but the status is quoted",
  ),
  "unf-021": tool(
    "transient",
    "http_502",
    true,
    "isError 'UniFi API 502 Bad Gateway …' followed by nginx's HTML page: the Network application behind the console is not answering",
  ),
  "unf-022": tool(
    "internal",
    "http_500",
    true,
    "isError 'UniFi API 500 Internal Server Error … Internal Server Error': the API's 500 relayed (its requestId dropped)",
  ),
  "unf-023": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: the SDK's -32001 request timeout",
  ),
  "unf-024": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed': the console refused the connection; undici's message carries no cause code",
  ),
  "unf-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool restart_device not found': the server has no such tool",
  ),
};
