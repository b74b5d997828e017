import { isObject, type JsonObject } from "../../classify/json";
import { EnvelopeError } from "../envelope";
import { attributes, SpanError, type Attributes } from "./attributes";
import { mergeSides } from "./pairs";
import { spanToCall, type SpanCall } from "./spans";
import { SLICE, yieldToEventLoop } from "../../yield";

export { decodeExportRequest } from "./decode";
export { MAX_ATTRIBUTE_DEPTH } from "./attributes";
export { otlpErrorResponse, otlpReply } from "./reply";

// An OTLP ExportTraceServiceRequest (OTLP/JSON shape; protobuf is decoded into it) → webhook
// call objects. MCP client and server spans become calls exactly as webhook calls do; the two
// spans of one request become one call; other spans are skipped and counted. Pure: the calls
// then go through the same validation, classification and redaction as the webhook's.

export interface OtlpConversion {
  /** The calls read from MCP spans, each with the position of its (first) span in the request. */
  calls: { span: number; call: JsonObject }[];
  /** Spans that carried MCP attributes but could not be read. */
  rejected: { span: number; errors: { path: string; message: string }[] }[];
  /** Spans that are not MCP calls at all. */
  skippedSpans: number;
}

export async function otlpToCalls(body: unknown): Promise<OtlpConversion> {
  if (!isObject(body) || !Array.isArray(body.resourceSpans)) {
    throw new EnvelopeError("resourceSpans", "must be an array (an OTLP ExportTraceServiceRequest)");
  }
  const byRequest = new Map<string, { span: number; sides: SpanCall[] }>();
  const rejected: OtlpConversion["rejected"] = [];
  let skippedSpans = 0;
  let position = 0;
  for (const resourceSpans of body.resourceSpans) {
    if (!isObject(resourceSpans)) continue;
    const resource = safeAttributes(
      isObject(resourceSpans.resource) ? resourceSpans.resource.attributes : undefined,
    );
    const scopes = Array.isArray(resourceSpans.scopeSpans) ? resourceSpans.scopeSpans : [];
    for (const scope of scopes) {
      const spans = isObject(scope) && Array.isArray(scope.spans) ? scope.spans : [];
      for (const span of spans) {
        const index = position++;
        if (index % SLICE === SLICE - 1) await yieldToEventLoop();
        try {
          if (!isObject(span)) throw new SpanError("(span)", "must be an object");
          if (!resource) throw new SpanError("resource.attributes", "cannot be read");
          const read = spanToCall(span, resource);
          if (!read) {
            skippedSpans++;
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
  const calls = [...byRequest.values()].map(({ span, sides }) => ({ span, call: mergeSides(sides).call }));
  return { calls, rejected, skippedSpans };
}

function safeAttributes(list: unknown): Attributes | undefined {
  try {
    return attributes(list);
  } catch (error) {
    if (error instanceof SpanError) return undefined;
    throw error;
  }
}
