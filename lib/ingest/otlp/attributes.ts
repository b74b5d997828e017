import { isObject } from "../../classify/json";

// Reading OTLP values: attribute lists (KeyValue), AnyValue, span times. Everything here is
// attacker-controlled: nesting is bounded and impossible times are refused, per span.

export type Attributes = Map<string, unknown>;

/** Attribute values (arrayValue / kvlistValue) nest at most this deep; deeper is refused, not walked. */
export const MAX_ATTRIBUTE_DEPTH = 16;

/** A span that cannot be read: it is rejected (in partialSuccess), the others go on. */
export class SpanError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** [{key, value: {stringValue | intValue | boolValue | doubleValue | arrayValue | kvlistValue}}] as a map. */
export function attributes(list: unknown, depth = 0): Attributes {
  const map: Attributes = new Map();
  if (!Array.isArray(list)) return map;
  for (const entry of list) {
    if (isObject(entry) && typeof entry.key === "string") map.set(entry.key, anyValue(entry.value, depth));
  }
  return map;
}

function anyValue(value: unknown, depth: number): unknown {
  if (!isObject(value)) return undefined;
  if ("stringValue" in value) return value.stringValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("boolValue" in value) return value.boolValue;
  const nested = isObject(value.arrayValue) || isObject(value.kvlistValue);
  if (nested && depth >= MAX_ATTRIBUTE_DEPTH) {
    throw new SpanError(
      "attributes",
      `must not nest arrayValue/kvlistValue deeper than ${MAX_ATTRIBUTE_DEPTH} levels`,
    );
  }
  if (isObject(value.arrayValue) && Array.isArray(value.arrayValue.values))
    return value.arrayValue.values.map((inner) => anyValue(inner, depth + 1));
  if (isObject(value.kvlistValue) && Array.isArray(value.kvlistValue.values)) {
    return Object.fromEntries(attributes(value.kvlistValue.values, depth + 1));
  }
  return undefined;
}

export function str(attrs: Attributes, key: string): string | undefined {
  const value = attrs.get(key);
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

export function num(attrs: Attributes, key: string): number | undefined {
  const value = attrs.get(key);
  const number = typeof value === "string" ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) ? number : undefined;
}

export function bool(attrs: Attributes, key: string): boolean | undefined {
  const value = attrs.get(key);
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  return undefined;
}

export function nanos(value: unknown): bigint | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  try {
    const parsed = BigInt(typeof value === "number" ? Math.trunc(value) : value);
    return parsed > 0n ? parsed : undefined;
  } catch {
    return undefined;
  }
}

// Date can hold ±8.64e15 ms; a span time is kept only within years 2000–2200, else the span is refused.
const EARLIEST_NS = BigInt(Date.UTC(2000, 0, 1)) * 1_000_000n;
const LATEST_NS = BigInt(Date.UTC(2200, 0, 1)) * 1_000_000n;

export function isoTime(nanoseconds: bigint, path: string): string {
  if (nanoseconds < EARLIEST_NS || nanoseconds > LATEST_NS) {
    throw new SpanError(path, "must be a Unix time in nanoseconds between the years 2000 and 2200");
  }
  return new Date(Number(nanoseconds / 1_000_000n)).toISOString();
}
