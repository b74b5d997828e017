// Synthetic but realistic webhook calls for benchmarks: every outcome, several servers and
// tools, sessions, and texts of varying length, spread over a time window.

const SERVERS = ["crm", "billing", "github", "docs", "search", "calendar", "slack", "warehouse"];
const TOOLS = ["lookup_lead", "charge", "list_issues", "viewer", "parse_document", "search_logs", "create_event", "post_message", "refund", "list_orders"];

const text = (value: string) => ({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: value }] } });
const toolError = (value: string, code?: string) => ({
  jsonrpc: "2.0",
  id: 1,
  result: { isError: true, content: [{ type: "text", text: value }], ...(code ? { structuredContent: { error: { code } } } : {}) },
});

function payload(kind: number, index: number): Record<string, unknown> {
  switch (kind) {
    case 0:
    case 1:
    case 2:
    case 3:
      return { httpStatus: 200, response: text(JSON.stringify({ id: `lead_${index}`, name: "Ada", notes: "x".repeat(index % 300) })) };
    case 4:
      return { httpStatus: 200, response: toolError("Payment required. Metered calls are paused until the organization adds credit.", "payment_required") };
    case 5:
      return { httpStatus: 200, response: toolError(`Order ${index} was delivered 61 days ago; returns close after 45 days.`) };
    case 6:
      return { httpStatus: 429, response: "Too Many Requests" };
    case 7:
      return { httpStatus: 200, response: { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } } };
    case 8:
      return { httpStatus: 200, response: text("Error: could not parse document") };
    case 9:
      return { httpStatus: 200, response: text('{"data":{"viewer":null}}') };
    case 10:
      return { httpStatus: 200, response: text("No orders for this customer") };
    default:
      return { clientError: { name: "McpError", code: -32001, message: "MCP error -32001: Request timed out" } };
  }
}

export function makeCall(index: number, windowEnd: number, windowMs: number, prefix = "bench"): Record<string, unknown> {
  const kind = (index * 7919) % 12;
  return {
    id: `${prefix}-${index}`,
    occurredAt: new Date(windowEnd - ((index * 104729) % windowMs)).toISOString(),
    durationMs: (index * 31) % 2000,
    server: SERVERS[index % SERVERS.length],
    tool: TOOLS[(index >> 3) % TOOLS.length],
    sessionId: `session-${index % 5000}`,
    ...payload(kind, index),
  };
}
