// Small helpers for poking at untrusted JSON without trusting its shape.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** How deep JSON read from a text may nest before it is treated as plain text. */
export const MAX_JSON_DEPTH = 64;

/**
 * True when the JSON text nests arrays/objects deeper than `limit`: one pass over the
 * characters (strings skipped), so a hostile document is refused before it is parsed
 * and before any walk over it could run out of stack.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** A JSON text longer than this is read as plain text: a megabyte of result is data, not an error report. */
export const MAX_JSON_TEXT_CHARS = 1 << 20;

// The classifier asks about the same text several times (wire, payload, metadata): the last
// answer is kept, so a large document is parsed once.
let last: { text: string; value: unknown } | undefined;

/** Parses text that looks like a JSON document; undefined when it is not one (or nests too deep, or is too large, to read). */
export function parseJsonText(text: string): unknown {
  if (last?.text === text) return last.value;
  const value = parse(text);
  last = { text, value };
  return value;
}

function parse(text: string): unknown {
  if (text.length > MAX_JSON_TEXT_CHARS) return undefined;
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const first = trimmed[0];
  if (first !== "{" && first !== "[" && trimmed !== "null") return undefined;
  if (jsonNestsDeeperThan(trimmed, MAX_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

export function stringField(object: JsonObject | undefined, ...keys: string[]): string | undefined {
  if (!object) return undefined;
  for (const key of keys) {
    const value = object[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return undefined;
}

/** A machine code: a string, or a number that is not a float. */
const SUCCESS_CODE = /^(?:success(?:ful)?|succeeded|ok)$/i;

export function codeField(object: JsonObject | undefined, ...keys: string[]): string | undefined {
  if (!object) return undefined;
  for (const key of keys) {
    const value = object[key];
    // A code saying success on a failed answer ("code": "Success" beside a 400: Iterable's) names no failure.
    if (typeof value === "string" && /^[\w.:-]{1,80}$/.test(value.trim()) && !SUCCESS_CODE.test(value.trim()))
      return value.trim();
    // 0 is "no error" in every API that numbers its errors: not a code.
    if (typeof value === "number" && Number.isInteger(value) && value !== 0) return String(value);
  }
  return undefined;
}

export function booleanField(object: JsonObject | undefined, ...keys: string[]): boolean | undefined {
  if (!object) return undefined;
  for (const key of keys) {
    const value = object[key];
    if (typeof value === "boolean") return value;
  }
  return undefined;
}
