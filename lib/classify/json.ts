// Small helpers for poking at untrusted JSON without trusting its shape.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses text that looks like a JSON document; undefined when it is not one. */
export function parseJsonText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const first = trimmed[0];
  if (first !== "{" && first !== "[" && trimmed !== "null") return undefined;
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
export function codeField(object: JsonObject | undefined, ...keys: string[]): string | undefined {
  if (!object) return undefined;
  for (const key of keys) {
    const value = object[key];
    if (typeof value === "string" && /^[\w.:-]{1,80}$/.test(value.trim())) return value.trim();
    if (typeof value === "number" && Number.isInteger(value)) return String(value);
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
