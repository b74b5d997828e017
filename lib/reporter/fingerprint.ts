import { createHash } from "node:crypto";

// A fingerprint of a tool call's arguments, so Faultline can tell a repeat of the same call (a
// wasted retry) from the next call with corrected input — without the arguments ever being sent
// or stored. The same arguments give the same fingerprint whatever the order of their keys:
// SHA-256 of their canonical JSON (keys sorted at every level), the first 32 hex digits.
// Used by the reporter, the proxy and the server instrumentation, and by Faultline itself for
// OTLP spans that carry the arguments (gen_ai.tool.call.arguments).

const MAX_DEPTH = 64;
/** Values walked at most: a tool's arguments are small; a huge value is not walked in the host's loop. */
const MAX_VALUES = 100_000;

function canonical(value: unknown, depth: number, budget: { left: number }): string {
  if (depth > MAX_DEPTH) throw new RangeError("arguments nest too deep to fingerprint");
  if (--budget.left < 0) throw new RangeError("arguments too large to fingerprint");
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1, budget)).join(",")}]`;
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map(
      (key) =>
        `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key], depth + 1, budget)}`,
    );
  return `{${entries.join(",")}}`;
}

/** The fingerprint of `args` (absent arguments are `{}`), or undefined when they cannot be read (or are huge). */
export function argumentsFingerprint(args: unknown): string | undefined {
  try {
    return createHash("sha256")
      .update(canonical(args ?? {}, 0, { left: MAX_VALUES }))
      .digest("hex")
      .slice(0, 32);
  } catch {
    return undefined;
  }
}
