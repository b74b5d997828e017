import protobuf from "protobufjs/minimal.js";
import { isObject } from "../../classify/json";
import { EnvelopeError } from "../envelope";
import { Budget, LimitError, type IngestLimits } from "../limits";

// Counts an ExportTraceServiceRequest's spans, events, links and attributes against the
// request's limits BEFORE it is decoded — on the protobuf wire (tags and lengths only; nothing
// is materialised, and the walk stops at the first item over a limit), or over the parsed OTLP/JSON
// value. A bomb of 8 million empty spans in 16 KB of gzip is refused after the 16,385th.
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
}

function budgets(limits: IngestLimits): Budgets {
  return {
    containers: new Budget("spans", limits.spans),
    spans: new Budget("spans", limits.spans),
    events: new Budget("events", limits.events),
    attributes: new Budget("attributes", limits.attributes),
  };
}

type Visit = (field: number, reader: protobuf.Reader, end: number) => void;

/** Walks one message's fields up to `end`, handing each length-delimited field it wants to `visit`. */
function walk(reader: protobuf.Reader, end: number, wanted: ReadonlySet<number>, visit: Visit): void {
  while (reader.pos < end) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (wireType === 3 || wireType === 4 || wireType > 5) {
      // Groups are not part of OTLP; skipping them would recurse once per nesting level.
      throw new Error(`unexpected wire type ${wireType} at offset ${reader.pos}`);
    }
    if (wireType !== LENGTH_DELIMITED || !wanted.has(field)) {
      reader.skipType(wireType);
      continue;
    }
    const length = reader.uint32();
    const fieldEnd = reader.pos + length;
    if (fieldEnd > end) throw new Error(`field ${field} runs past its message at offset ${reader.pos}`);
    visit(field, reader, fieldEnd);
    reader.pos = fieldEnd;
  }
  if (reader.pos !== end) throw new Error(`a message ends past its length at offset ${reader.pos}`);
}

const only = (...fields: number[]) => new Set(fields);

function keyValues(reader: protobuf.Reader, end: number, b: Budgets, depth: number): void {
  // KeyValue { key = 1; value = 2 (AnyValue) }
  walk(reader, end, only(2), (_field, r, valueEnd) => anyValue(r, valueEnd, b, depth));
}

function anyValue(reader: protobuf.Reader, end: number, b: Budgets, depth: number): void {
  // AnyValue { array_value = 5 (ArrayValue { values = 1 }); kvlist_value = 6 (KeyValueList { values = 1 }) }
  walk(reader, end, only(5, 6), (field, r, listEnd) => {
    if (depth >= MAX_VALUE_DEPTH)
      throw new Error(`attribute values nest deeper than ${MAX_VALUE_DEPTH} levels`);
    walk(r, listEnd, only(1), (_values, inner, itemEnd) => {
      b.attributes.take();
      if (field === 5) anyValue(inner, itemEnd, b, depth + 1);
      else keyValues(inner, itemEnd, b, depth + 1);
    });
  });
}

function attributesOf(attributeField: number, reader: protobuf.Reader, end: number, b: Budgets): void {
  walk(reader, end, only(attributeField), (_field, r, itemEnd) => {
    b.attributes.take();
    keyValues(r, itemEnd, b, 0);
  });
}

function span(reader: protobuf.Reader, end: number, b: Budgets): void {
  // Span { attributes = 9; events = 11 (Event { attributes = 3 }); links = 13 (Link { attributes = 4 }) }
  walk(reader, end, only(9, 11, 13), (field, r, itemEnd) => {
    if (field === 9) {
      b.attributes.take();
      keyValues(r, itemEnd, b, 0);
      return;
    }
    b.events.take();
    attributesOf(field === 11 ? 3 : 4, r, itemEnd, b);
  });
}

/** Throws LimitError when the protobuf request is over a limit, EnvelopeError when it is not protobuf at all. */
export function checkProtobufRequest(bytes: Uint8Array, limits: IngestLimits): void {
  const b = budgets(limits);
  const reader = protobuf.Reader.create(bytes);
  try {
    // ExportTraceServiceRequest { resource_spans = 1 }
    walk(reader, bytes.length, only(1), (_request, r, resourceEnd) => {
      b.containers.take();
      // ResourceSpans { resource = 1 (Resource { attributes = 1 }); scope_spans = 2 }
      walk(r, resourceEnd, only(1, 2), (field, rs, itemEnd) => {
        if (field === 1) return attributesOf(1, rs, itemEnd, b);
        b.containers.take();
        // ScopeSpans { scope = 1 (InstrumentationScope { attributes = 3 }); spans = 2 }
        walk(rs, itemEnd, only(1, 2), (scopeField, ss, spanEnd) => {
          if (scopeField === 1) return attributesOf(3, ss, spanEnd, b);
          b.spans.take();
          span(ss, spanEnd, b);
        });
      });
    });
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
