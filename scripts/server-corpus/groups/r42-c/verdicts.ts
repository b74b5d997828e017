// Verdicts for group r42-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

const WASTED = "the same tool with the same arguments failed non-retryably just before: a wasted retry";

export const VERDICTS: Record<string, Verdict> = {
  // mcp-excalidraw-server: every failure inside a tool (the canvas's answers, its own checks, the SDK's input
  // validation) is isError "Error: …"; the canvas's HTTP statuses never show, only its `error` message or the
  // server's own sentence. An unknown tool is the SDK's JSON-RPC -32602.
  "c-exc-001": ok("the diagram design guide as markdown"),
  "c-exc-002": ok("'Element created successfully!' with the rectangle svc-api as the canvas stored it"),
  "c-exc-003": ok("'4 elements created successfully!': two shapes and two bound arrows, syncedToCanvas true"),
  "c-exc-004": ok("the two rectangles on the canvas"),
  "c-exc-005": ok("'[]': a query that matched no element", true),
  "c-exc-006": ok("the element svc-api"),
  "c-exc-007": tool(
    "validation",
    null,
    false,
    "isError 'Error: Element svc-billing not found': the named element does not exist",
  ),
  "c-exc-008": tool("validation", null, false, `the same 'Element svc-billing not found'; ${WASTED}`, true),
  "c-exc-009": ok("'Element updated successfully!' with svc-orders recoloured, version 2"),
  "c-exc-010": tool(
    "validation",
    null,
    false,
    "isError 'Error: Failed to update element: HTTP server unavailable or element not found': the text names two causes; the canvas answered the calls just before and after, so the element (svc-payments, never created) is what is missing (ambiguous, see README)",
  ),
  "c-exc-011": ok("aligned: true, successCount 2"),
  "c-exc-012": ok("'Snapshot \"v1-architecture\" saved (5 elements)'"),
  "c-exc-013": tool(
    "validation",
    null,
    false,
    "isError 'Error: Snapshot \"v0-draft\" not found': a named snapshot that was never saved",
  ),
  "c-exc-014": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: Invalid arguments for tool create_element: data/type must be equal to one of the allowed values': hexagon is not an Excalidraw type; no code is quoted",
  ),
  "c-exc-015": ok("a text description of the five elements"),
  "c-exc-016": ok("'Scene exported to …/architecture.excalidraw (8 elements)'"),
  "c-exc-017": tool(
    "permission",
    null,
    false,
    "isError 'Error: Path traversal blocked: … resolves outside the allowed directory …': the server refuses a path outside its export folder",
  ),
  "c-exc-018": tool(
    "business",
    null,
    false,
    "isError 'Error: No frontend client connected. Open the canvas in a browser first.': a wrong-state refusal that holds until someone opens the canvas in a browser (the canvas's 503 does not show; ambiguous, see README)",
  ),
  "c-exc-019": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error: Failed to query elements: Internal server error': the canvas's 500, its reason phrase after the wrapper's label",
  ),
  "c-exc-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: -32001 Request timed out",
  ),
  "c-exc-021": tool(
    "transient",
    null,
    true,
    "isError 'Error: Canvas server is not reachable at http://127.0.0.1:45000 (auto-start disabled …)': the canvas behind the proxy is gone (the nginx 502 does not show)",
  ),
  "c-exc-022": tool(
    "transient",
    null,
    true,
    "isError 'Error: Canvas server is not reachable at http://127.0.0.1:45000 (auto-start disabled …)': the canvas is not running",
  ),
  "c-exc-023": ok("all five elements, the canvas back"),
  "c-exc-024": rpc("unknown_tool", "-32602", false, "JSON-RPC error -32602 'Tool draw_freehand not found'"),

  // @genwave/svgmaker-mcp: every failure inside a tool is isError "Error <verb>ing SVG: <message>". Generate goes
  // through the SDK's HTTP client, which keeps the API's `error` message only; edit and convert use their own fetch
  // and quote "HTTP error <status>: <body>". An unknown tool is thrown from the request handler: JSON-RPC -32603.
  "c-svg-001": ok("'SVG generated successfully: …/logo.svg'"),
  "c-svg-002": ok("'SVG generated successfully: …/banner.svg'"),
  "c-svg-003": ok("'SVG edited successfully: …/logo-green.svg'"),
  "c-svg-004": ok("'Image converted to SVG successfully: …/sketch.svg'"),
  "c-svg-005": tool(
    "validation",
    null,
    false,
    "isError 'Your prompt was flagged by our content safety system. Please revise your prompt and try again.': the input is refused, a revised prompt is the fix (ambiguous, see README)",
  ),
  "c-svg-006": tool(
    "validation",
    "too_small",
    false,
    "isError with a zod issue: code too_small, 'Prompt cannot be empty.'",
  ),
  "c-svg-007": tool(
    "validation",
    null,
    false,
    "isError 'File \"…/missing.svg\" is not readable or does not exist.': the input file is missing",
  ),
  "c-svg-008": tool(
    "validation",
    "http_400",
    false,
    'isError \'HTTP error 400: {"error":"Unsupported file format. SVG files are already in vector format …"}\': an SVG sent to convert',
  ),
  "c-svg-009": tool(
    "permission",
    null,
    false,
    "isError 'Access to system directory \"/etc/icons/weather.svg\" is not allowed.': the server refuses to write under /etc",
  ),
  "c-svg-010": tool(
    "business",
    null,
    false,
    "isError 'Error generating SVG: Insufficient credits': the account has run out of credits (the 402 does not show)",
  ),
  "c-svg-011": tool("business", null, false, `the same 'Insufficient credits'; ${WASTED}`, true),
  "c-svg-012": tool(
    "business",
    "http_402",
    false,
    'isError \'HTTP error 402: {"error":"Insufficient credits",…,"creditsRequired":3,"creditsAvailable":1}\'; another tool, so no wasted retry',
  ),
  "c-svg-013": tool("auth", null, false, "isError 'Error generating SVG: Invalid API key'"),
  "c-svg-014": tool(
    "rate_limited",
    null,
    true,
    "isError 'Error generating SVG: Rate limit exceeded. Please try again later.' (the 429 and its Retry-After do not show)",
  ),
  "c-svg-015": tool(
    "internal",
    "http_500",
    true,
    "isError 'Error generating SVG: Internal server error': the API's 500, its reason phrase after the label",
  ),
  "c-svg-016": tool(
    "transient",
    "http_502",
    true,
    "isError quoting Cloudflare's HTML page '502: Bad gateway … Error code 502' where JSON was expected",
  ),
  "c-svg-017": tool(
    "validation",
    "http_413",
    false,
    'isError \'HTTP error 413: {"error":"File too large. Maximum file size is 10MB."}\': the upload is over the limit',
  ),
  "c-svg-018": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: -32001 Request timed out",
  ),
  "c-svg-019": tool(
    "transient",
    null,
    true,
    "isError 'Error generating SVG: Network error: fetch failed': the API is unreachable; no system error name is quoted",
  ),
  "c-svg-020": ok("'SVG generated successfully: …/lighthouse.svg', the API back"),
  "c-svg-021": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 'Unknown tool: svgmaker_vectorize': the words decide over the generic code",
  ),
};
