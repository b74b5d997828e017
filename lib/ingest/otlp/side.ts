import { str, type Attributes } from "./attributes";

// Which side of an MCP request a span saw it from. The conventions say: a client span (kind
// CLIENT) and a server span (kind SERVER). Server-side libraries do not all say so: Sentry's MCP
// server integration and Shinzo's instrumentation emit INTERNAL spans, so their spans are told by
// what they carry — Sentry's sentry.op, a span name that says "mcp.server" (the MCP C# SDK), or a
// client.address with no server.address (the conventions record the peer's address: a server span
// knows its client's, a client span its server's). Anything else is the caller's view, as before.

export type Side = "client" | "server";

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
/** Sentry's operation for a request its MCP server integration handled. */
const SENTRY_SERVER_OP = "mcp.server";

export function sideOf(kind: number, name: string, attrs: Attributes): Side {
  if (kind === SPAN_KIND_SERVER) return "server";
  if (kind === SPAN_KIND_CLIENT) return "client";
  if (str(attrs, "sentry.op") === SENTRY_SERVER_OP) return "server";
  if (/^mcp\.server\b/i.test(name)) return "server";
  if (/^mcp\.client\b/i.test(name)) return "client";
  if (str(attrs, "client.address") !== undefined && str(attrs, "server.address") === undefined)
    return "server";
  return "client";
}
