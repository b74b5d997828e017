import type { JsonObject } from "../../classify/json";
import { str, type Attributes } from "./attributes";
import type { SkipReason } from "./skipped";
import { traceloopRequest } from "./traceloop";

// Which MCP request a span records, or why it records none. The method, in the order tried:
// mcp.method.name (the conventions, the MCP Python SDK, Sentry, Shinzo); rpc.method with
// rpc.system=mcp; rpc.method with rpc.system=jsonrpc on a span that says it is MCP's (the MCP C#
// SDK's earlier spans: mcp.request.params.name, or a name "mcp.client…"/"mcp.server…"); else
// OpenLLMetry's own attributes (./traceloop). The tool: gen_ai.tool.name (the conventions now),
// mcp.tool.name (their earlier name, still Sentry's and Shinzo's), mcp.request.params.name (the
// C# SDK's), OpenLLMetry's traceloop.entity.name, else the span name "{method} {tool}".

export interface McpRequest {
  method: string;
  tool?: string;
  /** The tool's arguments when the span records them whole (gen_ai.tool.call.arguments, OpenLLMetry's input). */
  arguments?: unknown;
  /** The tool's result when only OpenLLMetry's output records it. */
  result?: JsonObject;
  /** The server, when only OpenLLMetry's initialize output names it. */
  server?: string;
  /** An OpenLLMetry span: its parent is the session span, whose initialize names the server. */
  traceloop?: boolean;
}

export function mcpRequest(
  name: string,
  attrs: Attributes,
  scope: string,
): McpRequest | { skip: SkipReason } {
  const method = conventionMethod(name, attrs);
  if (method !== undefined) {
    if (method.startsWith("notifications/")) return { skip: "notification" };
    const tool =
      str(attrs, "gen_ai.tool.name") ??
      str(attrs, "mcp.tool.name") ??
      (method === "tools/call" ? str(attrs, "mcp.request.params.name") : undefined) ??
      targetOf(name, method);
    return { method, tool, arguments: attrs.get("gen_ai.tool.call.arguments") };
  }
  const traceloop = traceloopRequest(name, attrs, scope);
  if (traceloop === "session") return { skip: "session" };
  if (traceloop === undefined) return { skip: "not_mcp" };
  if (traceloop.method.startsWith("notifications/")) return { skip: "notification" };
  return { ...traceloop, traceloop: true };
}

function conventionMethod(name: string, attrs: Attributes): string | undefined {
  const named = str(attrs, "mcp.method.name");
  if (named !== undefined) return named;
  const system = str(attrs, "rpc.system");
  if (system === "mcp") return str(attrs, "rpc.method");
  const saysMcp =
    attrs.has("mcp.request.params.name") ||
    attrs.has("mcp.request.params.uri") ||
    /^mcp\.(client|server)\./i.test(name);
  return system === "jsonrpc" && saysMcp ? str(attrs, "rpc.method") : undefined;
}

/** "tools/call add" and "MCP send tools/call add" name their target after the method. */
function targetOf(name: string, method: string): string | undefined {
  const bare = name.replace(/^MCP (send|receive|handle)\s+/i, "");
  if (!bare.startsWith(`${method} `)) return undefined;
  const target = bare.slice(method.length + 1).trim();
  return target || undefined;
}
