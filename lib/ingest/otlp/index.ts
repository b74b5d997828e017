import { isObject, type JsonObject } from "../../classify/json";
import { EnvelopeError } from "../envelope";
import { attributes, SpanError, type Attributes } from "./attributes";
import { noSkips, type SkipCounts } from "./skipped";
import { spanToCall, type SpanCall } from "./spans";
import { SLICE, yieldToEventLoop } from "../../yield";

export { decodeExportRequest } from "./decode";
export { MAX_ATTRIBUTE_DEPTH } from "./attributes";
export { encodingOf, otlpErrorResponse, otlpReply } from "./reply";
export { SKIP_REASONS, type SkipCounts, type SkipReason } from "./skipped";

// An OTLP ExportTraceServiceRequest (OTLP/JSON shape; protobuf is decoded into it) → webhook
// call objects. MCP client and server spans become calls exactly as webhook calls do, each an
// observation of its request (the client and the server span of one request become one call at
// ingest, as other routes' reports of it do: lib/ingest/observations); other spans are skipped
// and counted by reason. Pure: the calls then go through the same validation, classification and
// redaction as the webhook's.

export interface OtlpConversion {
  /**
   * The calls read from MCP spans, each with the position of its span in the request and, for an
   * OpenLLMetry span, its session (whose initialize span names the server: session-servers.ts).
   */
  calls: { span: number; call: JsonObject; session?: string }[];
  /** Spans that carried MCP attributes but could not be read. */
  rejected: { span: number; errors: { path: string; message: string }[] }[];
  /** Spans that are not MCP calls at all, by reason. */
  skipped: SkipCounts;
}

export async function otlpToCalls(body: unknown): Promise<OtlpConversion> {
  if (!isObject(body) || !Array.isArray(body.resourceSpans)) {
    throw new EnvelopeError("resourceSpans", "must be an array (an OTLP ExportTraceServiceRequest)");
  }
  const read: { span: number; call: SpanCall }[] = [];
  const rejected: OtlpConversion["rejected"] = [];
  const skipped = noSkips();
  let position = 0;
  for (const resourceSpans of body.resourceSpans) {
    if (!isObject(resourceSpans)) continue;
    const resource = safeAttributes(
      isObject(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined,
    );
    const scopes = Array.isArray(resourceSpans.scopeSpans) ? resourceSpans.scopeSpans : [];
    for (const scope of scopes) {
      const spans = isObject(scope) && Array.isArray(scope.spans) ? scope.spans : [];
      const scopeName =
        isObject(scope) && isObject(scope.scope) && typeof scope.scope.name === "string"
          ? scope.scope.name
          : "";
      for (const span of spans) {
        const index = position++;
        if (index % SLICE === SLICE - 1) await yieldToEventLoop();
        try {
          if (!isObject(span)) throw new SpanError("(span)", "must be an object");
          if (!resource) throw new SpanError("resource.attributes", "cannot be read");
          const spanCall = spanToCall(span, resource, scopeName);
          if ("skip" in spanCall) {
            skipped[spanCall.skip]++;
            continue;
          }
          read.push({ span: index, call: spanCall });
        } catch (error) {
          if (!(error instanceof SpanError)) throw error;
          rejected.push({ span: index, errors: [{ path: error.path, message: error.message }] });
        }
      }
    }
  }
  const named = nameSessionServers(read.map((item) => item.call));
  const calls = read.map((item, index) => ({
    span: item.span,
    call: named[index]!.call,
    ...(item.call.session ? { session: item.call.session } : {}),
  }));
  return { calls, rejected, skipped };
}

/**
 * OpenLLMetry's request spans do not name the server; the initialize span of their session does
 * (its recorded answer's serverInfo). Its session's other requests in the same export are given
 * that name. Returns the requests with those calls renamed (the others as they were).
 */
function nameSessionServers(spans: SpanCall[]): SpanCall[] {
  const servers = new Map<string, string>();
  for (const side of spans) {
    if (side.session && side.call.method === "initialize" && side.call.server !== "unknown")
      servers.set(side.session, String(side.call.server));
  }
  if (servers.size === 0) return spans;
  return spans.map((side) => {
    const server = side.session ? servers.get(side.session) : undefined;
    return server && side.call.server === "unknown"
      ? { ...side, call: { ...side.call, server, serverInfoName: side.call.serverInfoName ?? server } }
      : side;
  });
}

function safeAttributes(list: unknown): Attributes | undefined {
  try {
    return attributes(list);
  } catch (error) {
    if (error instanceof SpanError) return undefined;
    throw error;
  }
}
