import { IngestError } from "./errors";
import type { Env } from "../env";

// What one ingest request may cost, counted before anything of it is materialised. The body
// limits bound bytes; these bound the work those bytes unpack into (2 bytes of protobuf are an
// empty span; 3 bytes of JSON an empty object). One home for the numbers and their messages.

export interface IngestLimits {
  /** Spans per OTLP request (the Collector's default batch is 8,192). */
  spans: number;
  /** Attributes per OTLP request, at every level (resource, scope, span, event, link, nested values). */
  attributes: number;
  /** Span events and links per OTLP request. */
  events: number;
  /** Values (objects, arrays, strings, numbers…) a webhook JSON body may hold. */
  webhookJsonValues: number;
  /** Values an OTLP/JSON body may hold: enough for its span, event and attribute limits. */
  otlpJsonValues: number;
  /** Fields of every message on the protobuf wire: enough for its span, event and attribute limits. */
  wireFields: number;
  /** Levels of arrays and objects a JSON body may nest (a call's response may nest 64 of them). */
  jsonDepth: number;
}

/**
 * Far deeper than any call or OTLP request nests (a response may nest 64 levels, an OTLP value 32
 * arrays or lists), and deep enough that a body nesting tens of thousands of levels inside one
 * call or span is refused for that item alone (207 / partialSuccess; measured up to this limit: 0.2 s for
 * a webhook call or an OTLP span) while the valid ones beside it are stored; far shallower than the millions a 16 MB body
 * can open: refused before parsing.
 */
export const MAX_BODY_JSON_DEPTH = 262_144;

export function ingestLimits(env: Env): IngestLimits {
  return {
    spans: env.FAULTLINE_OTLP_MAX_SPANS,
    attributes: env.FAULTLINE_OTLP_MAX_ATTRIBUTES,
    events: env.FAULTLINE_OTLP_MAX_EVENTS,
    webhookJsonValues: env.FAULTLINE_MAX_JSON_VALUES,
    // An attribute is {"key":…,"value":{"stringValue":…}} (5 values), a span ~20 of its own.
    otlpJsonValues:
      8 * env.FAULTLINE_OTLP_MAX_ATTRIBUTES +
      32 * env.FAULTLINE_OTLP_MAX_SPANS +
      8 * env.FAULTLINE_OTLP_MAX_EVENTS,
    // An attribute is 4 fields on the wire (its tag, key, value, the value's kind), a span ~12 of
    // its own, an event or link ~4.
    wireFields:
      4 * env.FAULTLINE_OTLP_MAX_ATTRIBUTES +
      16 * env.FAULTLINE_OTLP_MAX_SPANS +
      8 * env.FAULTLINE_OTLP_MAX_EVENTS,
    jsonDepth: MAX_BODY_JSON_DEPTH,
  };
}

/** The variable that sets each limit, named in the refusal so an operator knows what to raise. */
const SETTING: Record<keyof IngestLimits, string> = {
  spans: "FAULTLINE_OTLP_MAX_SPANS",
  attributes: "FAULTLINE_OTLP_MAX_ATTRIBUTES",
  events: "FAULTLINE_OTLP_MAX_EVENTS",
  webhookJsonValues: "FAULTLINE_MAX_JSON_VALUES",
  otlpJsonValues: "FAULTLINE_OTLP_MAX_ATTRIBUTES",
  wireFields: "FAULTLINE_OTLP_MAX_ATTRIBUTES",
  jsonDepth: "",
};

const WHAT: Record<keyof IngestLimits, string> = {
  spans: "spans",
  attributes: "attributes",
  events: "span events and links",
  webhookJsonValues: "JSON values",
  otlpJsonValues: "JSON values",
  wireFields: "protobuf fields",
  jsonDepth: "levels of nesting",
};

/** A request over one of the limits: refused whole (413), before it is decoded. */
export class LimitError extends IngestError {
  override name = "LimitError";
  constructor(
    readonly limit: keyof IngestLimits,
    readonly max: number,
  ) {
    super(
      413,
      limit === "jsonDepth" ? "too_deep" : "too_many_items",
      limit === "jsonDepth"
        ? `body: nests deeper than ${max} levels of arrays and objects (the limit per request)`
        : `body: holds more than ${max} ${WHAT[limit]} (the limit per request, ${SETTING[limit]}); send smaller batches`,
    );
  }
}

/** Counts items against a limit; throws LimitError the moment one too many is seen. */
export class Budget {
  private used = 0;
  constructor(
    readonly limit: keyof IngestLimits,
    readonly max: number,
  ) {}

  take(count = 1): void {
    this.used += count;
    if (this.used > this.max) throw new LimitError(this.limit, this.max);
  }
}
