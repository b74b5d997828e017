// PostgreSQL text cannot hold U+0000: every string a request hands to a query is refused with a
// 400 naming its field, rather than failing in the database as a 500.

export const hasNoNul = (value: string): boolean => !value.includes("\u0000");

/**
 * Whether a JSON value can be stored as PostgreSQL jsonb: no NUL and no unpaired surrogate in any
 * string or key (jsonb refuses both escapes, "\u0000" and a lone "\ud800").
 */
export function isJsonStorable(value: unknown): boolean {
  return !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(value) ?? "");
}

/** A JSON value fit for jsonb: NUL and unpaired surrogates in its strings and keys become U+FFFD. */
export function jsonStorable<T>(value: T): T {
  if (isJsonStorable(value)) return value;
  const clean = (text: string) => text.replaceAll("\u0000", "\uFFFD").toWellFormed();
  const walk = (inner: unknown): unknown => {
    if (typeof inner === "string") return clean(inner);
    if (Array.isArray(inner)) return inner.map(walk);
    if (inner !== null && typeof inner === "object") {
      return Object.fromEntries(Object.entries(inner).map(([key, child]) => [clean(key), walk(child)]));
    }
    return inner;
  };
  return walk(value) as T;
}
