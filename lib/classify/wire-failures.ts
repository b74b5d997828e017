import { categoryFromCode, categoryFromText, categoryOfStatus } from "./categories";
import { categoryFromTables, statusNamedBy } from "./codes";
import type { Draft } from "./draft";
import { gaveUp } from "./gave-up";
import { isObject } from "./json";
import { metadataSources, readMetadata } from "./metadata";
import { failsOnCallersInput, hasStackTrace, namesException } from "./patterns";
import { readFailure } from "./reader";
import type { CallReport, Flag } from "./types";
import { bodyMessage, resultText, type Wire } from "./wire";

// The two layers that fail before a tool answers (docs/OUTCOMES.md, precedence): the transport — an
// HTTP status, a body that is not JSON-RPC, no answer and what the client said — and the protocol, a
// JSON-RPC error. Pure, as all of lib/classify.

// --- layer 1: transport ----------------------------------------------------------------

const NETWORK_CODE =
  /\b(E(?:CONN(?:REFUSED|RESET|ABORTED)|TIMEDOUT|NOTFOUND|HOSTUNREACH|NETUNREACH|PIPE|AI_AGAIN|PROTO)|UND_ERR_[A-Z_]+)\b/;
const TIMEOUT_TEXT = /\b(timed? ?out|timeout)\b/i;

export function transportFailure(report: CallReport, wire: Wire): Draft | undefined {
  const status = report.httpStatus ?? undefined;
  if (status !== undefined && (status < 200 || status > 299)) {
    const message = wireMessage(wire) || report.clientError?.message || `HTTP ${status}`;
    const meta = wire.kind === "body" ? readMetadata(metadataSources(wire.json, "")) : {};
    // A body's code from a standard's table says more than the status it came with: RFC 6750's
    // {"error": "invalid_token"} on a 401.
    const body = wire.kind === "body" && isObject(wire.json) ? wire.json : undefined;
    const code = meta.code ?? (typeof body?.error === "string" ? body.error : undefined);
    // Not a code that only names a status ({"error": "Unauthorized"}).
    const named =
      code !== undefined && categoryFromTables(code) !== undefined && statusNamedBy(code) === undefined
        ? code
        : undefined;
    return {
      outcome: "transport_error",
      errorCode: named ?? `http_${status}`,
      category: categoryOfStatus(status, message) ?? meta.category ?? categoryFromText(message),
      explicitRetryable: meta.retryable,
      flags: [],
      text: message,
    };
  }
  if (wire.kind === "body") {
    const message = bodyMessage(wire.body, wire.json);
    const loginPage = /<html/i.test(wire.body) && /\b(log ?in|sign ?in|authenticat\w*)\b/i.test(message);
    return {
      outcome: "transport_error",
      errorCode: "non_jsonrpc_response",
      category: loginPage ? "auth" : (categoryFromText(message) ?? "unknown"),
      flags: [],
      text: message,
    };
  }
  // No response on the wire (a 2xx status may still be known: SSE headers arrive first).
  if (wire.kind !== "absent") return undefined;

  const clientError = report.clientError ?? undefined;
  if (report.transportError) {
    const said = transportCode(report.transportError);
    // A cancellation whose reason says the client timed out is a timeout (lib/classify/gave-up).
    const code = said === "cancelled" && clientError && gaveUp(clientError) === "timeout" ? "timeout" : said;
    return {
      outcome: "transport_error",
      errorCode: code,
      category: categoryFromCode(code) ?? categoryFromText(report.transportError) ?? "transient",
      flags: [],
      text: clientError?.message || report.transportError,
    };
  }
  if (!clientError) return undefined;

  const described = `${clientError.name ?? ""} ${clientError.code ?? ""} ${clientError.message}`;
  const stopped = gaveUp(clientError);
  if (stopped) {
    return {
      outcome: "transport_error",
      errorCode: stopped,
      category: categoryFromCode(stopped) ?? "transient",
      flags: [],
      text: clientError.message,
    };
  }
  // The MCP SDK's "Not connected": the transport had closed before the call could be sent.
  if (/^not connected\b/i.test(clientError.message.trim())) {
    return {
      outcome: "transport_error",
      errorCode: "connection_closed",
      category: "transient",
      flags: [],
      text: clientError.message,
    };
  }
  const network = NETWORK_CODE.exec(described)?.[1];
  if (network) {
    return {
      outcome: "transport_error",
      errorCode: network.toLowerCase(),
      category: "transient",
      flags: [],
      text: clientError.message,
    };
  }
  const rpcCode = Number(clientError.code);
  if (Number.isInteger(rpcCode) && rpcCode < 0)
    return jsonRpcError(report, rpcCode, clientError.message, undefined);
  const code = /fetch failed/i.test(clientError.message) ? "fetch_failed" : "client_error";
  return {
    outcome: "transport_error",
    errorCode: code,
    category: categoryFromCode(code) ?? categoryFromText(clientError.message) ?? "unknown",
    flags: [],
    text: clientError.message,
  };
}

function wireMessage(wire: Wire): string {
  switch (wire.kind) {
    case "body":
      return bodyMessage(wire.body, wire.json);
    case "result":
      return resultText(wire.result);
    case "error":
      return wire.error.message;
    case "absent":
      return "";
  }
}

/** "connect ECONNREFUSED 10.0.0.5:5432" is econnrefused; "Request timed out" is timeout; else the words as a code. */
function transportCode(raw: string): string {
  const network = NETWORK_CODE.exec(raw)?.[1];
  if (network) return network.toLowerCase();
  if (TIMEOUT_TEXT.test(raw)) return "timeout";
  return normaliseCode(raw);
}

function normaliseCode(raw: string): string {
  return (
    raw
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, "")
      .slice(0, 80) || "transport_error"
  );
}

// --- layer 2: protocol -----------------------------------------------------------------

export function protocolFailure(report: CallReport, wire: Wire): Draft | undefined {
  if (wire.kind !== "error") return undefined;
  return jsonRpcError(report, wire.error.code, wire.error.message, wire.error.data);
}

export function jsonRpcError(
  report: CallReport,
  code: number | undefined,
  message: string,
  data: unknown,
): Draft {
  // An HTTP status where the JSON-RPC code goes (outside JSON-RPC's ranges): the server relayed its API's.
  const status = code !== undefined && code >= 400 && code <= 599 ? `http_${code}` : undefined;
  const codeText = code === undefined ? "" : String(code);
  const text = /^MCP error/i.test(message) || codeText === "" ? message : `MCP error ${codeText}: ${message}`;
  // A generic code (-32603, the server range) is a fallback: the words and the data refine it.
  const verdict = readFailure({
    text: message,
    structured: isObject(data) ? data : undefined,
    rpcCode: status ? undefined : code,
    reportsException: hasStackTrace(message) || namesException(message),
  });
  const category =
    verdict.category === "unknown" && status ? (categoryFromCode(status) ?? "unknown") : verdict.category;
  // -32603 around what the caller's code threw ("Execution error: customer is not defined" from execute_js), or a
  // decoder's parse error on what the caller handed it: the caller's input failed, not the server — as an isError
  // result from such a tool is read.
  const callersCode =
    code === -32603 &&
    category === "internal" &&
    (verdict.errorCode === undefined || verdict.errorCode === codeText) &&
    failsOnCallersInput(report.tool, message);
  const flags: Flag[] = [];
  if (
    code === -32602 &&
    verdict.category === "validation" &&
    (report.protocolVersion ?? "") >= "2025-11-25"
  ) {
    flags.push("validation_as_protocol_error");
  }
  return {
    outcome: "protocol_error",
    errorCode: verdict.errorCode ?? status ?? (codeText || undefined),
    category: callersCode ? "validation" : category,
    explicitRetryable: verdict.retryable,
    flags,
    text,
  };
}
