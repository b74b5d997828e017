import { createHash } from "node:crypto";

// Failures that are "the same problem" share a signature: the volatile parts of their
// text (ids, numbers, quoted values, timestamps, URLs; and unquoted paths, host and file names and
// ids) are masked before hashing.

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

/** The first masking (signatures before version 2): values, numbers, ids with a prefix. */
function maskVolatileV1(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of MASKS) masked = masked.replace(pattern, replacement);
  return masked.replace(/\s+/g, " ").trim().toLowerCase();
}

/**
 * Version 2 masks, on version 1's output (so a version 2 key is a function of a version 1 key's
 * masked text, and an old signature maps to exactly one new one): unquoted paths, host and file
 * names, and ids of every kind. The same error about three files is one signature.
 */
const REFINEMENTS: [RegExp, string][] = [
  // Paths: /srv/a.csv, ./reports/q3, ~/notes/todo.md, c:\users\ann\q3.docx.
  [
    /(?:~|\.{1,2})?(?:\/[\w.@%+<>-]{1,200}){2,}\/?|(?:~|\.{1,2})?\/[\w@%+<>-]{1,200}\.[a-z0-9]{1,8}\b|\b[a-z]:\\[^\s:*?"|]{1,300}/g,
    "<name>",
  ],
  // Host and file names: db.internal.example.com, cache-<id>.eu-<id>.internal, report.pdf.
  [/(?<![\w<>-])[a-z0-9<][\w<>-]{0,100}(?:\.[a-z0-9<][\w<>-]{0,100}){1,20}(?![\w<>-])/g, "<name>"],
  // Ids of every kind, and letters mixed with numbers: x<n>f<n>kq<n>, lead_<id>, <hex>, <uuid>.
  [/(?<![\w<>])[\w<>]{0,200}(?:<hex>|<uuid>|<id>|[a-z_]<n>|<n>[a-z_])[\w<>]{0,200}/g, "<id>"],
];

export function maskVolatile(text: string): string {
  let masked = maskVolatileV1(text);
  for (const [pattern, replacement] of REFINEMENTS) masked = masked.replace(pattern, replacement);
  return masked;
}

export interface SignatureParts {
  server: string;
  tool: string | null | undefined;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  /** The text as stored (bounded, secrets masked): what the signature was computed from. */
  text: string;
}

function hashed(parts: SignatureParts, masked: string): string {
  const key = JSON.stringify([
    parts.server,
    parts.tool ?? "",
    parts.outcome,
    parts.category ?? "",
    parts.errorCode ?? "",
    masked,
  ]);
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

export function computeSignature(parts: SignatureParts): string {
  return hashed(parts, maskVolatile(parts.text));
}

/**
 * The signature the same failure had before version 2's masks. A new signature takes over its
 * predecessor's lifecycle (status, ignore, first seen: lib/ingest/read-model-writes.ts), so an
 * upgrade neither reopens what was resolved nor announces ongoing problems as new.
 */
export function legacySignature(parts: SignatureParts): string {
  return hashed(parts, maskVolatileV1(parts.text));
}
