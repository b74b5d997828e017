import { createHash } from "node:crypto";

// Failures that are "the same problem" share a signature: the volatile parts of their
// text (ids, numbers, quoted values, timestamps) are masked before hashing.

const MASKS: [RegExp, string][] = [
  [/\b\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?/g, "<time>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<uuid>"],
  [/"[^"\n]{0,200}"|'[^'\n]{0,200}'|`[^`\n]{0,200}`|“[^”\n]{0,200}”/g, "<quoted>"],
  [/\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b/g, "<email>"],
  [/\bhttps?:\/\/[^\s"'<>]+/g, "<url>"],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, "<hex>"],
  [/\b([A-Za-z]+[_-])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{3,}\b/g, "$1<id>"],
  [/-?\d+(\.\d+)?/g, "<n>"],
];

/**
 * For examples people read (the report card): the same masks, except that a JSON key stays (a
 * quoted string before a colon), and short numbers stay (a status, a JSON-RPC code, "61 days"):
 * only long runs of digits (ids, account numbers) are masked.
 */
const EXAMPLE_MASKS: [RegExp, string][] = MASKS.map(([pattern, replacement]): [RegExp, string] =>
  replacement === "<quoted>"
    ? [
        /(?<![\w"])"[^"\n]{0,200}"(?!\s{0,20}:)|(?<![\w'])'[^'\n]{0,200}'(?!\s{0,20}:)|`[^`\n]{0,200}`|“[^”\n]{0,200}”/g,
        replacement,
      ]
    : replacement === "<n>"
      ? [/\d{6,}/g, replacement]
      : [pattern, replacement],
);

export function maskVolatileParts(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of EXAMPLE_MASKS) masked = masked.replace(pattern, replacement);
  return masked;
}

export function maskVolatile(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of MASKS) masked = masked.replace(pattern, replacement);
  return masked.replace(/\s+/g, " ").trim().toLowerCase();
}

export function computeSignature(parts: {
  server: string;
  tool: string | null | undefined;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  text: string;
}): string {
  const key = JSON.stringify([
    parts.server,
    parts.tool ?? "",
    parts.outcome,
    parts.category ?? "",
    parts.errorCode ?? "",
    maskVolatile(parts.text),
  ]);
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}
