import type { Category } from "../types";

// PostgREST's own error codes: "PGRST" + a group digit + two digits, in the same JSON shape as the
// PostgreSQL errors it forwards ({"code", "message", "details", "hint"}). The group says who is at
// fault, and the HTTP status PostgREST gives it (PostgREST manual, "Errors"):
//   0 connection to the database (503), 1 the API request (400–416), 2 the schema cache (a table,
//   function or relationship the request names is not there: 400/404), 3 JWT (401; PGRST300, a
//   server without its JWT secret, 500), X internal (500).
// Source: https://docs.postgrest.org/en/stable/references/errors.html

const GROUPS: Record<string, Category> = {
  "0": "transient",
  "1": "validation",
  "2": "validation",
  "3": "auth",
  X: "internal",
};

export function categoryFromPostgrestCode(code: string): Category | undefined {
  const match = /^PGRST([0-3X])\d\d$/i.exec(code);
  if (!match?.[1]) return undefined;
  if (code.toUpperCase() === "PGRST300") return "internal";
  return GROUPS[match[1].toUpperCase()];
}

/** PostgreSQL's error fields as PostgREST and Supabase send them: a code beside details or a hint. */
export function isPostgresErrorShape(object: Record<string, unknown>): boolean {
  const keys = Object.keys(object);
  return (
    typeof object.code === "string" &&
    typeof object.message === "string" &&
    ("details" in object || "hint" in object) &&
    keys.every((key) => ["code", "message", "details", "hint"].includes(key)) &&
    (/^[0-9A-Z]{5}$/.test(object.code) || categoryFromPostgrestCode(object.code) !== undefined)
  );
}
