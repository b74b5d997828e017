import type { CallReport } from "../types.js";

// What a request's headers hold that must never be recorded — not even echoed back by the
// upstream: a 401 page that repeats the X-Api-Key it was sent, a tool that prints the token in
// an error. The relay takes the values of every request header but the few that carry no secret
// (below), the credential after an Authorization scheme, each cookie's value and a Basic
// password, and the values of the request's query parameters; the reporting side masks each of
// them wherever it appears in a call it records (its response, texts, codes). Values shorter than
// MIN_SECRET characters are left alone: masking "1" or "yes" everywhere would mask the answers.
// Over-masking is the safe side: a value is masked in every call of the run, not only in the
// exchange that carried it.

/** Headers that carry no secret (read by the reporting side, or of the protocol itself). */
const PUBLIC_HEADERS = new Set([
  "accept",
  "accept-encoding",
  "accept-language",
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "host",
  "keep-alive",
  "last-event-id",
  "mcp-protocol-version",
  "mcp-session-id",
  "origin",
  "pragma",
  "referer",
  "te",
  "traceparent",
  "tracestate",
  "transfer-encoding",
  "upgrade",
  "user-agent",
]);

export const MIN_SECRET = 6;
/** Longest value kept for masking (a longer header is masked by its first part). */
const MAX_SECRET = 4096;
/** Distinct values kept for a run: the most recent, so a rotating token keeps being masked. */
const MAX_SECRETS = 64;
export const MASKED = "[REDACTED]";

/** The values in `rawHeaders` (name, value, name, value…) and `path`'s query that must not be recorded. */
export function secretValues(rawHeaders: readonly string[], path: string): string[] {
  const found: string[] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!.toLowerCase();
    if (PUBLIC_HEADERS.has(name) || name.startsWith("sec-")) continue;
    const value = rawHeaders[index + 1]!.trim();
    found.push(value);
    if (name === "cookie") {
      for (const pair of value.split(";")) found.push(pair.slice(pair.indexOf("=") + 1).trim());
      continue;
    }
    const scheme = /^([A-Za-z][\w.+-]*)\s+(\S.*)$/.exec(value);
    if (scheme) {
      found.push(scheme[2]!);
      if (scheme[1]!.toLowerCase() === "basic") {
        const decoded = Buffer.from(scheme[2]!, "base64").toString("utf8");
        const colon = decoded.indexOf(":");
        if (colon !== -1) found.push(decoded.slice(colon + 1));
      }
    }
  }
  const query = path.indexOf("?");
  if (query !== -1) {
    for (const [, value] of new URLSearchParams(path.slice(query + 1))) found.push(value);
  }
  return found.filter((value) => value.length >= MIN_SECRET).map((value) => value.slice(0, MAX_SECRET));
}

/** The secrets seen in a run, and a call's report with each of them masked wherever it appears. */
export class SecretMask {
  private readonly values = new Map<string, true>();
  /** Longest first, so a value containing another is masked whole. */
  private ordered: string[] = [];

  add(values: readonly string[]): void {
    let changed = false;
    for (const value of values) {
      if (this.values.delete(value)) {
        this.values.set(value, true);
        continue;
      }
      this.values.set(value, true);
      changed = true;
      if (this.values.size > MAX_SECRETS) this.values.delete(this.values.keys().next().value!);
    }
    if (changed) this.ordered = [...this.values.keys()].sort((a, b) => b.length - a.length);
  }

  get size(): number {
    return this.values.size;
  }

  /** `text` with every secret replaced by [REDACTED]. */
  text(text: string): string {
    let masked = text;
    for (const value of this.ordered) if (masked.includes(value)) masked = masked.split(value).join(MASKED);
    return masked;
  }

  /** The report with every string in it masked (a new object when anything changed). */
  report(report: CallReport): CallReport {
    if (this.ordered.length === 0) return report;
    return this.deep(report, 0) as CallReport;
  }

  private deep(value: unknown, depth: number): unknown {
    if (typeof value === "string") return this.text(value);
    if (depth > 64 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((item) => this.deep(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[this.text(key)] = this.deep(item, depth + 1);
    return out;
  }
}
