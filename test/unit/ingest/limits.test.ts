import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { EnvelopeError } from "@/lib/ingest/envelope";
import { checkJsonValues } from "@/lib/ingest/json-values";
import { ingestLimits, LimitError, MAX_BODY_JSON_DEPTH } from "@/lib/ingest/limits";
import { checkJsonRequest, checkProtobufRequest } from "@/lib/ingest/otlp/count";
import { traceProtos } from "@/lib/ingest/otlp/decode";
import {
  emptyFields,
  field,
  jsonEmptySpans,
  jsonSpanWithAttributes,
  protobufBombs,
  protobufFieldBombs,
  webhookArrays,
} from "../../fixtures/bombs";

// The per-request bounds on what a body unpacks into, counted before it is decoded.

const limits = ingestLimits(parseEnv({}));
const small = {
  ...limits,
  spans: 100,
  attributes: 1_000,
  events: 200,
  webhookJsonValues: 500,
  otlpJsonValues: 5_000,
};

function realRequest(spans: number, attributesPerSpan: number): Uint8Array {
  const { ExportTraceServiceRequest } = traceProtos();
  const attribute = (key: string) => ({ key, value: { stringValue: "v" } });
  return ExportTraceServiceRequest.encode(
    ExportTraceServiceRequest.fromObject({
      resourceSpans: [
        {
          resource: { attributes: [attribute("service.name")] },
          scopeSpans: [
            {
              spans: Array.from({ length: spans }, (_, index) => ({
                name: `tools/call t${index}`,
                attributes: Array.from({ length: attributesPerSpan }, (_, n) => attribute(`k${n}`)),
                events: [{ name: "exception", attributes: [attribute("exception.type")] }],
              })),
            },
          ],
        },
      ],
    }),
  ).finish();
}

describe("counting an OTLP protobuf request before decoding it", () => {
  /**
   * The bomb with a malformed field after it (a length past the end): a count that walked the
   * whole body would refuse it as malformed; one that stops at the first item over the limit
   * never reaches it. (Whether it stops there, not how fast a loaded machine runs it.)
   */
  const poisoned = (bytes: Uint8Array) => Buffer.concat([bytes, Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f])]);

  it("the poison alone is refused as malformed", () => {
    expect(() => checkProtobufRequest(poisoned(new Uint8Array()), limits)).toThrow(EnvelopeError);
  });

  it.each(protobufBombs(2_000_000))("refuses %s at the first item over the limit", (_name, bytes, what) => {
    expect(() => checkProtobufRequest(bytes, limits)).toThrow(LimitError);
    expect(() => checkProtobufRequest(bytes, limits)).toThrow(new RegExp(`more than \\d+ ${what}`));
    expect(() => checkProtobufRequest(poisoned(bytes), limits)).toThrow(LimitError);
  });

  it.each(protobufFieldBombs(8_000_000))(
    "refuses %s repeated millions of times by counting every field, at the first over the budget",
    (_name, bytes) => {
      expect(() => checkProtobufRequest(bytes, limits)).toThrow(/more than \d+ (protobuf fields|attributes)/);
      expect(() => checkProtobufRequest(poisoned(bytes), limits)).toThrow(LimitError);
    },
  );

  it("passes a real request within the limits, however its spans are spread", () => {
    expect(() => checkProtobufRequest(realRequest(100, 8), small)).not.toThrow();
    expect(() => checkProtobufRequest(realRequest(limits.spans, 4), limits)).not.toThrow();
  });

  it("counts exactly: the limit passes, one more is refused", () => {
    expect(() => checkProtobufRequest(realRequest(100, 1), small)).not.toThrow();
    expect(() => checkProtobufRequest(realRequest(101, 1), small)).toThrow(/more than 100 spans/);
    // 100 spans × 9 attributes + 100 event attributes + 1 resource attribute = 1,001.
    expect(() => checkProtobufRequest(realRequest(100, 9), small)).toThrow(/more than 1000 attributes/);
    expect(() => checkProtobufRequest(realRequest(100, 8), small)).not.toThrow();
  });

  it("names the setting an operator would raise", () => {
    expect(() => checkProtobufRequest(realRequest(101, 1), small)).toThrow(/FAULTLINE_OTLP_MAX_SPANS/);
  });

  it("refuses what is not protobuf, without recursing into groups or trusting lengths", () => {
    const cases = [
      Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f]), // a length past the end
      Buffer.concat([Buffer.from([0x0a, 0x04]), Buffer.from([0x0b, 0x0b, 0x0b, 0x0b])]), // a start-group
      Buffer.from([0x0f]), // wire type 7
      field(1, Buffer.from([0x12, 0x05, 0x00])), // an inner length past its message
    ];
    for (const bytes of cases) expect(() => checkProtobufRequest(bytes, limits)).toThrow(EnvelopeError);
  });

  it("does not walk into fields it does not count (a long span name is one field)", () => {
    // 5 MB of 0xff: read as fields, it would be malformed at its first byte.
    const bytes = field(1, field(2, field(2, field(5, Buffer.alloc(5_000_000, 0xff)))));
    expect(() => checkProtobufRequest(bytes, limits)).not.toThrow();
  });

  it("bounds the nesting of attribute values", () => {
    let value: Buffer = Buffer.alloc(0);
    for (let depth = 0; depth < 40; depth++) value = field(5, field(1, value));
    const bytes = field(
      1,
      field(2, field(2, field(9, Buffer.concat([field(1, Buffer.from("k")), field(2, value)])))),
    );
    expect(() => checkProtobufRequest(bytes, limits)).toThrow(/nest deeper than 32 levels/);
    expect(() => checkProtobufRequest(emptyFields(1, 10), limits)).not.toThrow();
  });
});

describe("counting an OTLP/JSON request", () => {
  it("refuses millions of empty spans by their JSON values, before parsing", () => {
    // Nesting past the depth limit at the end: a count that did not stop at the first value over
    // its limit would reach it and refuse the body for its depth instead.
    const bomb = Buffer.concat([jsonEmptySpans(5_000_000), Buffer.from("[".repeat(MAX_BODY_JSON_DEPTH + 1))]);
    expect(() => checkJsonValues(bomb, "otlpJsonValues", limits)).toThrow(/more than \d+ JSON values/);
  });

  it("refuses spans, attributes and events over the limits once parsed", () => {
    expect(() => checkJsonRequest(JSON.parse(jsonEmptySpans(101).toString()), small)).toThrow(
      /more than 100 spans/,
    );
    expect(() => checkJsonRequest(JSON.parse(jsonSpanWithAttributes(1_000).toString()), small)).toThrow(
      /more than 1000 attributes/,
    );
    expect(() => checkJsonRequest(JSON.parse(jsonEmptySpans(100).toString()), small)).not.toThrow();
  });
});

describe("bounding how deep a JSON body nests, before parsing", () => {
  it("refuses a body nesting past the limit at once, whatever it is for", () => {
    for (const [name, limit] of [
      ["webhookJsonValues", "webhook"],
      ["otlpJsonValues", "otlp"],
    ] as const) {
      const deep = Buffer.from(`{"calls":[{"response":${"[".repeat(1_000_000)}`);
      expect(() => checkJsonValues(deep, name, limits), limit).toThrow(
        /nests deeper than 262144 levels of arrays and objects/,
      );
    }
  });

  it("lets a body nest up to the limit, brackets inside strings not counted", () => {
    const deep = (levels: number) => Buffer.from(`${"[".repeat(levels)}${"]".repeat(levels)}`);
    expect(() => checkJsonValues(deep(MAX_BODY_JSON_DEPTH), "webhookJsonValues", limits)).not.toThrow();
    expect(() => checkJsonValues(deep(MAX_BODY_JSON_DEPTH + 1), "webhookJsonValues", limits)).toThrow(
      LimitError,
    );
    // Siblings do not add up: 10,000 arrays side by side nest one level.
    expect(() =>
      checkJsonValues(Buffer.from(`[${"[],".repeat(10_000)}[]]`), "webhookJsonValues", limits),
    ).not.toThrow();
    const inString = JSON.stringify({ text: "[".repeat(10_000) });
    expect(() => checkJsonValues(Buffer.from(inString), "webhookJsonValues", limits)).not.toThrow();
  });
});

describe("counting a webhook body's JSON values", () => {
  it("refuses a body of millions of tiny values at the first value over the limit", () => {
    const bomb = Buffer.concat([webhookArrays(1_600_000), Buffer.from("[".repeat(MAX_BODY_JSON_DEPTH + 1))]);
    expect(() => checkJsonValues(bomb, "webhookJsonValues", limits)).toThrow(
      /more than 1000000 JSON values \(the limit per request, FAULTLINE_MAX_JSON_VALUES\)/,
    );
  });

  it("does not count commas, colons or brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ server: "s", tool: "t", text: `a,b:c[d{e\\"f,g"h`.repeat(1_000) });
    expect(() => checkJsonValues(Buffer.from(text), "webhookJsonValues", small)).not.toThrow();
    expect(() =>
      checkJsonValues(Buffer.from(JSON.stringify(Array(500).fill(0))), "webhookJsonValues", small),
    ).toThrow();
    expect(() =>
      checkJsonValues(Buffer.from(JSON.stringify(Array(499).fill(0))), "webhookJsonValues", small),
    ).not.toThrow();
  });
});
