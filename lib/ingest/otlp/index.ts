import { isObject, type JsonObject } from "../../classify/json";
import { EnvelopeError } from "../envelope";
import { attributes, SpanError, type Attributes } from "./attributes";
import { mergeSides } from "./pairs";
import { noSkips, type SkipCounts } from "./skipped";
import { spanToCall, type SpanCall } from "./spans";
import { SLICE, yieldToEventLoop } from "../../yield";

export { decodeExportRequest } from "./decode";
export { MAX_ATTRIBUTE_DEPTH } from "./attributes";
export { encodingOf, otlpErrorResponse, otlpReply } from "./reply";
export { SKIP_REASONS, type SkipCounts, type SkipReason } from "./skipped";

// An OTLP ExportTraceServiceRequest (OTLP/JSON shape; protobuf is decoded into it) → webhook
// call objects. MCP client and server spans become calls exactly as webhook calls do; the two
// spans of one request become one call; other spans are skipped and counted by reason. Pure: the calls
// then go through the same validation, classification and redaction as the webhook's.

export interface OtlpConversion {
  /** The calls read from MCP spans, each with the position of its (first) span in the request. */
  calls: { span: number; call: JsonObject }[];
  /** Spans that carried MCP attributes but could not be read. */
  rejected: { span: number; errors: { path: string; message: string }[] }[];
  /** Spans that are not MCP calls at all, by reason. */
  skipped: SkipCounts;
}

export async function otlpToCalls(body: unknown): Promise<OtlpConversion> {
  if (!isObject(body) || !Array.isArray(body.resourceSpans)) {
    throw new EnvelopeError("resourceSpans", "must be an array (an OTLP ExportTraceServiceRequest)");
  }
  const byRequest = new Map<string, { span: number; sides: SpanCall[] }>();
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
          const read = spanToCall(span, resource, scopeName);
          if ("skip" in read) {
            skipped[read.skip]++;
            continue;
          }
          const known = byRequest.get(read.id);
          if (known) known.sides.push(read);
          else byRequest.set(read.id, { span: index, sides: [read] });
        } catch (error) {
          if (!(error instanceof SpanError)) throw error;
          rejected.push({ span: index, errors: [{ path: error.path, message: error.message }] });
        }
      }
    }
  }
  const requests = nameSessionServers([...byRequest.values()]);
  const calls = requests.map(({ span, sides }) => ({ span, call: mergeSides(sides).call }));
  return { calls, rejected, skipped };
}

/**
 * OpenLLMetry's request spans do not name the server; the initialize span of their session does
 * (its recorded answer's serverInfo). Its session's other requests in the same export are given
 * that name. Returns the requests with those calls renamed (the others as they were).
 */
function nameSessionServers<T extends { sides: SpanCall[] }>(requests: T[]): T[] {
  const servers = new Map<string, string>();
  for (const { sides } of requests) {
    for (const side of sides) {
      if (side.session && side.call.method === "initialize" && side.call.server !== "unknown")
        servers.set(side.session, String(side.call.server));
    }
  }
  if (servers.size === 0) return requests;
  return requests.map((request) => ({
    ...request,
    sides: request.sides.map((side) => {
      const server = side.session ? servers.get(side.session) : undefined;
      return server && side.call.server === "unknown" ? { ...side, call: { ...side.call, server } } : side;
    }),
  }));
}

function safeAttributes(list: unknown): Attributes | undefined {
  try {
    return attributes(list);
  } catch (error) {
    if (error instanceof SpanError) return undefined;
    throw error;
  }
}
