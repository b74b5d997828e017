import protobuf from "protobufjs/minimal.js";
import { isObject } from "../../classify/json";
import { EnvelopeError } from "../envelope";
import { Budget, LimitError, type IngestLimits } from "../limits";

// Counts an ExportTraceServiceRequest's spans, events, links and attributes against the
// request's limits BEFORE it is decoded — on the protobuf wire (tags and lengths only; nothing
// is materialised, and the walk stops at the first item over a limit), or over the parsed OTLP/JSON
// value. A bomb of 8 million empty spans in 16 KB of gzip is refused after the 16,385th.
//
// On the wire, every field of every message the decoder would build is counted too (the
// `fields` budget), and the walk enters every message-typed field, whatever it is: the decoder
// materialises a singular field repeated 8 million times (Span.status, ResourceSpans.resource),
// an entity reference, a repeated string, as surely as a span. Fields of no message the decoder
// knows are skipped by it at no cost, and by this walk too.
//
// Field numbers are those of opentelemetry/proto (trace/v1/trace.proto, common/v1/common.proto,
// resource/v1/resource.proto, collector/trace/v1/trace_service.proto).

const LENGTH_DELIMITED = 2;
/** AnyValue arrays and kvlists nest at most this deep on the wire; the decoder would recurse further. */
const MAX_VALUE_DEPTH = 32;

interface Budgets {
  /** ResourceSpans and ScopeSpans: empty ones unpack as cheaply as empty spans. */
  containers: Budget;
  spans: Budget;
  events: Budget;
  attributes: Budget;
  /** Every field of every message, whatever it holds. */
  fields: Budget;
}

function budgets(limits: IngestLimits): Budgets {
  return {
    containers: new Budget("spans", limits.spans),
    spans: new Budget("spans", limits.spans),
    events: new Budget("events", limits.events),
    attributes: new Budget("attributes", limits.attributes),
    fields: new Budget("wireFields", limits.wireFields),
  };
}

type Message =
  | "request"
  | "resourceSpans"
  | "resource"
  | "entityRef"
  | "scopeSpans"
  | "scope"
  | "span"
  | "event"
  | "link"
  | "status"
  | "keyValue"
  | "anyValue"
  | "arrayValue"
  | "keyValueList";

/** Each message's message-typed fields: the message they hold, and the budget one of them takes. */
const SCHEMA: Record<Message, Record<number, { message: Message; takes?: keyof Budgets }>> = {
  request: { 1: { message: "resourceSpans", takes: "containers" } },
  resourceSpans: { 1: { message: "resource" }, 2: { message: "scopeSpans", takes: "containers" } },
  resource: {
    1: { message: "keyValue", takes: "attributes" },
    3: { message: "entityRef", takes: "attributes" },
  },
  entityRef: {},
  scopeSpans: { 1: { message: "scope" }, 2: { message: "span", takes: "spans" } },
  scope: { 3: { message: "keyValue", takes: "attributes" } },
  span: {
    9: { message: "keyValue", takes: "attributes" },
    11: { message: "event", takes: "events" },
    13: { message: "link", takes: "events" },
    15: { message: "status" },
  },
  event: { 3: { message: "keyValue", takes: "attributes" } },
  link: { 4: { message: "keyValue", takes: "attributes" } },
  status: {},
  keyValue: { 2: { message: "anyValue" } },
  anyValue: { 5: { message: "arrayValue" }, 6: { message: "keyValueList" } },
  arrayValue: { 1: { message: "anyValue", takes: "attributes" } },
  keyValueList: { 1: { message: "keyValue", takes: "attributes" } },
};

/** Walks one message up to `end`: every field counted, every message-typed field entered. */
function walk(reader: protobuf.Reader, end: number, message: Message, b: Budgets, valueDepth: number): void {
  const fields = SCHEMA[message];
  while (reader.pos < end) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (wireType === 3 || wireType === 4 || wireType > 5) {
      // Groups are not part of OTLP; skipping them would recurse once per nesting level.
      throw new Error(`unexpected wire type ${wireType} at offset ${reader.pos}`);
    }
    b.fields.take();
    const inner = wireType === LENGTH_DELIMITED ? fields[field] : undefined;
    if (!inner) {
      reader.skipType(wireType);
      continue;
    }
    const length = reader.uint32();
    const fieldEnd = reader.pos + length;
    if (fieldEnd > end) throw new Error(`field ${field} runs past its message at offset ${reader.pos}`);
    if (inner.takes) b[inner.takes].take();
    const depth = message === "anyValue" ? valueDepth + 1 : valueDepth;
    if (depth > MAX_VALUE_DEPTH)
      throw new Error(`attribute values nest deeper than ${MAX_VALUE_DEPTH} levels`);
    walk(reader, fieldEnd, inner.message, b, depth);
    reader.pos = fieldEnd;
  }
  if (reader.pos !== end) throw new Error(`a message ends past its length at offset ${reader.pos}`);
}

/** Throws LimitError when the protobuf request is over a limit, EnvelopeError when it is not protobuf at all. */
export function checkProtobufRequest(bytes: Uint8Array, limits: IngestLimits): void {
  const b = budgets(limits);
  const reader = protobuf.Reader.create(bytes);
  try {
    walk(reader, bytes.length, "request", b, 0);
  } catch (error) {
    if (error instanceof LimitError) throw error;
    const reason = error instanceof RangeError ? "nests too deep to read" : (error as Error).message;
    throw new EnvelopeError(
      "(body)",
      `is not a protobuf ExportTraceServiceRequest (${reason.slice(0, 200)})`,
    );
  }
}

const list = (value: unknown, key: string): unknown[] =>
  isObject(value) && Array.isArray(value[key]) ? (value[key] as unknown[]) : [];

function countValues(values: unknown[], b: Budgets, depth: number): void {
  for (const value of values) {
    b.attributes.take();
    const inner = isObject(value) && isObject(value.value) ? value.value : value;
    if (!isObject(inner) || depth >= MAX_VALUE_DEPTH) continue;
    countValues(list(inner.arrayValue, "values"), b, depth + 1);
    countValues(list(inner.kvlistValue, "values"), b, depth + 1);
  }
}

/** The same limits over an OTLP/JSON request already parsed (its size was bounded by its JSON value count). */
export function checkJsonRequest(request: unknown, limits: IngestLimits): void {
  const b = budgets(limits);
  for (const resourceSpans of list(request, "resourceSpans")) {
    b.containers.take();
    countValues(list(isObject(resourceSpans) ? resourceSpans.resource : undefined, "attributes"), b, 0);
    for (const scopeSpans of list(resourceSpans, "scopeSpans")) {
      b.containers.take();
      countValues(list(isObject(scopeSpans) ? scopeSpans.scope : undefined, "attributes"), b, 0);
      for (const span of list(scopeSpans, "spans")) {
        b.spans.take();
        countValues(list(span, "attributes"), b, 0);
        for (const item of [...list(span, "events"), ...list(span, "links")]) {
          b.events.take();
          countValues(list(item, "attributes"), b, 0);
        }
      }
    }
  }
}
