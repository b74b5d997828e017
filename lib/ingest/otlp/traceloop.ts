import { isObject, parseJsonText, type JsonObject } from "../../classify/json";
import { str, type Attributes } from "./attributes";

// OpenLLMetry's MCP instrumentation (@traceloop/instrumentation-mcp 0.27.0) records no mcp.*
// attribute. Read from its published source: a tools/call is a span "{tool}.tool" with
// traceloop.span.kind=tool, traceloop.entity.name (the tool), traceloop.entity.input (JSON:
// {"tool_name", "arguments"}) and traceloop.entity.output (JSON: {"result": the first content
// item's text, or the item itself when it has none; "is_error"}), status ERROR with that text when
// isError. Any other request is "{method}.mcp"; the connection is "mcp.client.session"
// (traceloop.span.kind=session), the parent of every request it carried. Traceloop marks an
// agent's own functions traceloop.span.kind=tool too: only spans of an MCP instrumentation's
// scope are read as MCP requests.

export interface TraceloopRequest {
  method: string;
  tool?: string;
  /** The request's arguments, when recorded (for their fingerprint; never kept). */
  arguments?: unknown;
  /** The tool's result as a CallToolResult, as far as the span recorded it. */
  result?: JsonObject;
  /** The server an initialize span's recorded answer names (serverInfo.name). */
  server?: string;
}

/** An MCP instrumentation's scope: "@traceloop/instrumentation-mcp", "opentelemetry.instrumentation.mcp…". */
const MCP_SCOPE = /(?:^|[^a-z])mcp(?:[^a-z]|$)/i;
/** A method as "{method}.mcp" names it: tools/list, resources/read, notifications/initialized. */
const METHOD = /^[a-z][\w/-]{0,99}$/i;

/** The request an OpenLLMetry span records, "session" for its session span, undefined when it is not one of its MCP spans. */
export function traceloopRequest(
  name: string,
  attrs: Attributes,
  scope: string,
): TraceloopRequest | "session" | undefined {
  if (!MCP_SCOPE.test(scope)) return undefined;
  const kind = str(attrs, "traceloop.span.kind");
  if (kind === "session") return "session";
  if (kind === "tool") {
    const input = jsonAttribute(attrs, "traceloop.entity.input");
    return {
      method: "tools/call",
      tool: str(attrs, "traceloop.entity.name") ?? (name.replace(/\.tool$/, "") || undefined),
      arguments: isObject(input) ? input.arguments : undefined,
      result: toolResult(jsonAttribute(attrs, "traceloop.entity.output")),
    };
  }
  const method = name.slice(0, -".mcp".length);
  if (kind === undefined && name.endsWith(".mcp") && METHOD.test(method)) {
    return method === "initialize" ? { method, server: initializedServer(attrs) } : { method };
  }
  return undefined;
}

function initializedServer(attrs: Attributes): string | undefined {
  const output = jsonAttribute(attrs, "traceloop.entity.output");
  const info = isObject(output) && isObject(output.serverInfo) ? output.serverInfo : undefined;
  return typeof info?.name === "string" && info.name !== "" ? info.name : undefined;
}

/** {"result", "is_error"} as the CallToolResult the agent got (its first content item). */
function toolResult(output: unknown): JsonObject | undefined {
  if (!isObject(output) || (output.result === undefined && output.is_error === undefined)) return undefined;
  const item = output.result;
  const content =
    typeof item === "string"
      ? [{ type: "text", text: item }]
      : isObject(item)
        ? [item]
        : item === undefined || item === null
          ? []
          : [{ type: "text", text: JSON.stringify(item) }];
  return { content, isError: output.is_error === true };
}

function jsonAttribute(attrs: Attributes, key: string): unknown {
  const value = attrs.get(key);
  return typeof value === "string" ? parseJsonText(value) : value;
}
