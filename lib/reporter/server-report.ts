import { boundedCopy } from "./bounded-json.js";
import { argumentsFingerprint } from "./fingerprint.js";
import { attempt, describeThrown, label } from "./labels.js";
import type { Call } from "./server-watch.js";
import type { CallReport } from "./types.js";

// One ended call (server-watch.ts) as Faultline's call object. Run off the response's path
// (after the answer was handed to the transport): this is where the work is — the bounded copy
// of the answer (bounded-json.ts: at most 64 KiB whatever the tool returned), the fingerprint
// of the arguments (at most 100,000 values walked), the description of what was thrown.

export interface FixedIdentity {
  /** The server's name as the author gave it: wins over the one it announces. */
  server?: string;
  /** Who is calling, for transports that saw no initialize (stateless HTTP). */
  agent?: string;
}

/** When the server's name is nowhere to be found (no option, no initialize, no serverInfo). */
export const UNNAMED_SERVER = "mcp-server";

export function buildReport(call: Call, fixed: FixedIdentity): CallReport {
  const state = call.transport;
  const ended = call.ended ?? Date.now();
  const announced =
    state.serverName ??
    label(
      attempt(() => state.server.fallbackName()),
      200,
    );
  const mcpSessionId = label(
    attempt(() => state.transport.sessionId),
    200,
  );
  const report: CallReport = {
    id: call.id,
    occurredAt: new Date(call.started).toISOString(),
    durationMs: Math.max(0, ended - call.started),
    server: label(fixed.server, 200) ?? announced ?? UNNAMED_SERVER,
    tool: call.tool,
    method: "tools/call",
    sessionId: mcpSessionId ?? state.sessionFallback,
    route: "server",
    requestId: String(call.rpcId),
  };
  if (mcpSessionId) report.mcpSessionId = mcpSessionId;
  if (announced) report.serverInfoName = announced;
  if (call.traceparent) report.traceparent = call.traceparent;
  const agent = state.agent ?? attempt(() => state.server.clientAgent()) ?? label(fixed.agent, 200);
  if (agent) report.agent = agent;
  const argumentsHash = argumentsFingerprint(call.arguments);
  if (argumentsHash) report.argumentsHash = argumentsHash;
  const protocolVersion = state.protocolVersion ?? call.headerVersion;
  if (protocolVersion) report.protocolVersion = protocolVersion;
  if (call.response !== undefined) report.response = boundedCopy(call.response);
  else report.transportError = call.transportError ?? "connection_closed";
  // What the client said when it gave up: the text Faultline shows for a call cut off.
  if (call.cancelReason) report.clientError = { message: call.cancelReason };
  if (call.thrown) report.serverError = describeThrown(call.thrown.error);
  return report;
}
