// Synthetic but realistic webhook calls for benchmarks: calls arrive in time order (as a
// live sender posts them), most succeed, failures cluster on a few tools, and each server
// has its own small set of tools.
import { textResult as text, toolErrorResult as toolError } from "../test/fixtures/jsonrpc";

const TOOLS_BY_SERVER: Record<string, string[]> = {
  crm: ["lookup_lead", "update_lead", "lead_delete"],
  billing: ["charge", "refund"],
  github: ["list_issues", "viewer", "create_pr"],
  docs: ["parse_document", "search_docs"],
  search: ["search_logs", "query"],
  calendar: ["create_event", "list_events"],
  slack: ["post_message"],
  warehouse: ["list_orders", "get_stock"],
};
const SERVER_TOOLS = Object.entries(TOOLS_BY_SERVER).flatMap(([server, tools]) =>
  tools.map((tool) => [server, tool] as const),
);

/** Roughly 80 % clean successes; the rest spread over every failure shape. */
function payload(roll: number, index: number, maxNotes = 300): Record<string, unknown> {
  if (roll < 80)
    return {
      httpStatus: 200,
      response: text(
        JSON.stringify({
          id: `lead_${index}`,
          name: "Ada",
          notes: "lorem ipsum ".repeat(index % maxNotes).slice(0, 2000),
        }),
      ),
    };
  switch (roll % 10) {
    case 0:
      return {
        httpStatus: 200,
        response: toolError(
          "Payment required. Metered calls are paused until the organization adds credit.",
          "payment_required",
        ),
      };
    case 1:
      return {
        httpStatus: 200,
        response: toolError(`Order ${index} was delivered 61 days ago; returns close after 45 days.`),
      };
    case 2:
      return { httpStatus: 429, response: "Too Many Requests" };
    case 3:
      return {
        httpStatus: 200,
        response: { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
      };
    case 4:
      return { httpStatus: 200, response: text("Error: could not parse document") };
    case 5:
      return { httpStatus: 200, response: text('{"data":{"viewer":null}}') };
    case 6:
      return { httpStatus: 200, response: text("No orders for this customer") };
    case 7:
      return {
        httpStatus: 503,
        response: "<html><head><title>503 Service Unavailable</title></head></html>",
      };
    case 8:
      return {
        httpStatus: 200,
        response: toolError("MCP error -32602: Input validation error: Invalid arguments for tool x"),
      };
    default:
      return {
        clientError: { name: "McpError", code: -32001, message: "MCP error -32001: Request timed out" },
      };
  }
}

/** Call number `index` of `total`, spread evenly (with jitter) over the window ending at `windowEnd`. */
export function makeCall(
  index: number,
  total: number,
  windowEnd: number,
  windowMs: number,
  prefix = "bench",
): Record<string, unknown> {
  const hash = (index * 2654435761) >>> 0;
  const [server, tool] = SERVER_TOOLS[hash % SERVER_TOOLS.length]!;
  const jitter = (hash % 60_000) - 30_000;
  const occurredAt = Math.min(windowEnd, windowEnd - windowMs + (index / total) * windowMs + jitter);
  return {
    id: `${prefix}-${index}`,
    occurredAt: new Date(occurredAt).toISOString(),
    durationMs: hash % 2000,
    server,
    tool,
    sessionId: `session-${Math.floor(index / 20)}`,
    ...payload((hash >>> 8) % 100, index),
  };
}

/**
 * A call as a live reporter sends it: one of 200 tools on 20 servers, a result text of up to
 * 2 KB, a time within the last minute, the same mix of outcomes as above.
 */
export function liveCall(index: number, now = Date.now(), prefix = "live"): Record<string, unknown> {
  const hash = (index * 2654435761) >>> 0;
  const tool = hash % 200;
  return {
    id: `${prefix}-${index}`,
    occurredAt: new Date(now - (hash % 60_000)).toISOString(),
    durationMs: hash % 2000,
    server: `server-${tool % 20}`,
    tool: `tool_${tool}`,
    sessionId: `session-${Math.floor(index / 20)}`,
    ...payload((hash >>> 8) % 100, index, 170),
  };
}
