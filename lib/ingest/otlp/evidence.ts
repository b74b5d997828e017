import { gaveUp } from "../../classify/gave-up";
import { isObject, parseJsonText, type JsonObject } from "../../classify/json";
import { attributes, bool, num, str, type Attributes } from "./attributes";

// What a span says happened, as the webhook's fields (response, transportError, clientError,
// httpStatus), read as docs/API.md's "OpenTelemetry" section says: the result read exactly as a webhook
// `response`; error.type as a JSON-RPC code, "tool_error", or an exception class — a transport
// failure only when the class says network or timeout. A client that stopped waiting is a
// timeout or a cancellation by the one rule every route follows (lib/classify/gave-up): the
// TypeScript SDK's McpError -32001 ("MCP error -32001: Request timed out", or the abort's reason
// for a cancelled call), as a client-side instrumentation records it, included.

const STATUS_ERROR = 2;
const TIMEOUT_CODE = -32001;
/** Content items read from Sentry's indexed mcp.tool.result.<i>.content at most. */
const MAX_INDEXED_ITEMS = 64;

const TIMEOUT = /time(d)?\s*out|timeout|deadline/i;
const NETWORK = /connect|refused|reset|unreachable|dns|gaierror|getaddrinfo|network|socket|broken ?pipe|eof/i;
const EXCEPTION_MESSAGE = /^([A-Za-z_][\w.]*(?:Error|Exception|Timeout|Failure))\s*:\s?([\s\S]*)$/;
/** The TypeScript SDK's McpError message: "MCP error {code}: {message}". */
const MCP_ERROR = /^MCP error (-?\d{1,6}):\s?([\s\S]*)$/;
/** Sentry ends a request's span "cancelled" when its transport closed before it was answered (the client gave up). */
const CANCELLED = /^cancell?ed$/i;

/** `recorded`: the result a library records outside the conventions' attributes (OpenLLMetry's output). */
export function evidence(span: JsonObject, attrs: Attributes, recorded?: JsonObject): JsonObject {
  const status = isObject(span.status) ? span.status : {};
  const statusMessage =
    typeof status.message === "string" && status.message.trim() ? status.message.trim() : undefined;
  const statusIsError = Number(status.code) === STATUS_ERROR;
  const exception = exceptionEvent(span.events);
  const errorType = str(attrs, "error.type");
  const result =
    attrs.get("gen_ai.tool.call.result") ??
    attrs.get("mcp.tool.result.content") ??
    indexedContent(attrs) ??
    recorded;
  const toolError =
    errorType === "tool_error" ||
    bool(attrs, "mcp.tool.result.is_error") === true ||
    (isObject(result) && result.isError === true);
  const mcpError = toolError ? undefined : MCP_ERROR.exec(statusMessage ?? exception?.message ?? "");
  const rpcCode =
    num(attrs, "rpc.response.status_code") ??
    num(attrs, "rpc.jsonrpc.error_code") ??
    numeric(errorType) ??
    (mcpError ? Number(mcpError[1]) : undefined);
  const httpStatus = num(attrs, "http.response.status_code") ?? num(attrs, "http.status_code");
  // The exception's class: error.type when it names one, else the exception event, else "Class: …" in the status.
  const thrown =
    errorType && errorType !== "tool_error" && errorType !== "_OTHER" && rpcCode === undefined
      ? errorType
      : (exception?.type ?? (statusMessage ? EXCEPTION_MESSAGE.exec(statusMessage)?.[1] : undefined));
  const message = statusMessage ?? exception?.message ?? (thrown ? `${thrown}` : undefined);

  if (httpStatus !== undefined && (httpStatus < 200 || httpStatus > 299)) {
    return { httpStatus, ...(message ? { response: message } : {}) };
  }
  const stopped =
    rpcCode === TIMEOUT_CODE || (thrown && TIMEOUT.test(thrown))
      ? gaveUp({ name: thrown, code: rpcCode, message })
      : thrown && !toolError
        ? gaveUp({ name: thrown })
        : undefined;
  if (stopped) {
    return {
      transportError: stopped,
      clientError: {
        name: thrown ?? (stopped === "timeout" ? "TimeoutError" : "AbortError"),
        code: TIMEOUT_CODE,
        message: message ?? (stopped === "timeout" ? "timed out" : "cancelled"),
      },
    };
  }
  if (statusIsError && !thrown && !toolError && result === undefined && CANCELLED.test(statusMessage ?? "")) {
    return {
      transportError: "cancelled",
      clientError: { name: "Cancelled", message: "the request was cancelled before it was answered" },
    };
  }
  if (thrown && NETWORK.test(thrown) && !toolError) {
    return { transportError: thrown, clientError: { name: thrown, message: message ?? thrown } };
  }
  if (rpcCode !== undefined && rpcCode < 0 && !toolError) {
    const text = str(attrs, "rpc.jsonrpc.error_message") ?? mcpError?.[2] ?? statusMessage ?? "";
    return { response: { jsonrpc: "2.0", id: null, error: { code: rpcCode, message: text } } };
  }
  if (toolError) return { response: resultResponse(result, true, message) };
  if (thrown || statusIsError) {
    // The tool (or the server around it) threw: the message is all the agent got.
    const text = thrown && message && !message.startsWith(thrown) ? `${thrown}: ${message}` : (message ?? "");
    return { response: resultResponse(undefined, true, text) };
  }
  if (result !== undefined) return { response: resultResponse(result, false, undefined) };
  return {};
}

/**
 * The span's recorded result as a JSON-RPC response: a serialized CallToolResult is read as
 * it is (so silent failures inside it are found); any other value is the text the agent saw.
 */
function resultResponse(result: unknown, isError: boolean, fallback: string | undefined): JsonObject {
  const parsed = typeof result === "string" ? parseJsonText(result) : result;
  if (isObject(parsed) && (Array.isArray(parsed.content) || typeof parsed.isError === "boolean")) {
    return { jsonrpc: "2.0", id: null, result: isError ? { ...parsed, isError: true } : parsed };
  }
  const text =
    typeof result === "string" ? result : result !== undefined ? JSON.stringify(result) : (fallback ?? "");
  return { jsonrpc: "2.0", id: null, result: { content: [{ type: "text", text }], isError } };
}

/** Sentry writes a result of several content items as mcp.tool.result.<i>.content (their text), one attribute each. */
function indexedContent(attrs: Attributes): JsonObject | undefined {
  const count = num(attrs, "mcp.tool.result.content_count");
  if (count === undefined || count < 2) return undefined;
  const content: JsonObject[] = [];
  for (let index = 0; index < Math.min(count, MAX_INDEXED_ITEMS); index++) {
    const text = attrs.get(`mcp.tool.result.${index}.content`);
    if (typeof text === "string") content.push({ type: "text", text });
  }
  return content.length > 0 ? { content } : undefined;
}

function exceptionEvent(events: unknown): { type?: string; message?: string } | undefined {
  if (!Array.isArray(events)) return undefined;
  const event = events.find((candidate) => isObject(candidate) && candidate.name === "exception");
  if (!isObject(event)) return undefined;
  const attrs = attributes(event.attributes);
  const message = str(attrs, "exception.message");
  return { type: str(attrs, "exception.type"), message: message?.trim() || undefined };
}

function numeric(value: string | undefined): number | undefined {
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
}
