import { printable } from "./guest.js";

// Faultline's answers, checked before anything is believed. A call counts as delivered only
// on an ingest answer that accounts for every call sent:
//   200/207/400 {"accepted": int, "duplicates": int, "rejected": [{"index", "errors": [{"path", "message"}]}], "calls": [...]}
//   401/403/413/415 (and 400 for a broken envelope) {"error": {"code", "message"}}
// Anything else (null, a string, a rejected list of the wrong shape, counts that do not add
// up) is not Faultline's answer, whatever the status said.

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface Rejection {
  index: number;
  errors: { path: string; message: string }[];
}

export interface IngestAnswer {
  accepted: number;
  duplicates: number;
  rejected: Rejection[];
}

/** A valid answer nests 5 levels (rejected → errors → error); this leaves room, and none for a bomb. */
const MAX_ANSWER_DEPTH = 16;

/** Decodes and parses an answer's bytes: strict UTF-8, bounded nesting (checked before parsing). */
export function parseAnswer(bytes: Uint8Array): Checked<unknown> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: "is not valid UTF-8" };
  }
  // JSON.parse of 1 MB of "[[[[…" holds the event loop for 0.2 s: refuse it from one cheap pass.
  if (nestsDeeperThan(text, MAX_ANSWER_DEPTH))
    return { ok: false, problem: `nests deeper than ${MAX_ANSWER_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, problem: `is not JSON (${printable((error as Error).message, 100)})` };
  }
}

export function checkIngestAnswer(value: unknown, sent: number): Checked<IngestAnswer> {
  const problem = ingestProblem(value, sent);
  if (problem) return { ok: false, problem: `is not a valid ingest answer: ${problem}` };
  const answer = value as IngestAnswer;
  return {
    ok: true,
    value: { accepted: answer.accepted, duplicates: answer.duplicates, rejected: answer.rejected },
  };
}

function ingestProblem(value: unknown, sent: number): string | undefined {
  if (!isObject(value)) return `expected an object, got ${kind(value)}`;
  if (!isCount(value.accepted)) return `"accepted" must be a count, got ${kind(value.accepted)}`;
  if (!isCount(value.duplicates)) return `"duplicates" must be a count, got ${kind(value.duplicates)}`;
  if (!Array.isArray(value.rejected)) return `"rejected" must be a list, got ${kind(value.rejected)}`;
  if ("calls" in value && !Array.isArray(value.calls))
    return `"calls" must be a list, got ${kind(value.calls)}`;
  const seen = new Set<number>();
  for (const [position, item] of value.rejected.entries()) {
    const itemProblem = rejectionProblem(item, sent);
    if (itemProblem) return `"rejected[${position}]" ${itemProblem}`;
    const { index } = item as Rejection;
    if (seen.has(index)) return `"rejected" names call ${index} twice`;
    seen.add(index);
  }
  const answered = value.accepted + value.duplicates + value.rejected.length;
  if (answered !== sent) return `it answers for ${answered} of ${sent} calls sent`;
  return undefined;
}

function rejectionProblem(item: unknown, sent: number): string | undefined {
  if (!isObject(item)) return `must be an object, got ${kind(item)}`;
  if (!isCount(item.index) || item.index >= sent) return `has no index of a call sent (${kind(item.index)})`;
  if (!Array.isArray(item.errors)) return `"errors" must be a list, got ${kind(item.errors)}`;
  for (const error of item.errors) {
    if (!isObject(error) || typeof error.path !== "string" || typeof error.message !== "string")
      return `"errors" must hold {path, message} strings`;
  }
  return undefined;
}

/** The message of Faultline's error answer ({"error": {"code", "message"}}), when it is one. */
export function errorMessage(value: unknown): string | undefined {
  if (!isObject(value) || !isObject(value.error)) return undefined;
  const { code, message } = value.error;
  if (typeof code !== "string" || typeof message !== "string") return undefined;
  return printable(message, 300);
}

/** "path: message; …" of a rejection, for onError. */
export function describeRejection(rejection: Rejection): string {
  const listed = rejection.errors.slice(0, 5).map((error) => `${error.path}: ${error.message}`);
  return printable(listed.join("; "), 300);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `the string ${JSON.stringify(printable(value, 40))}`;
  return typeof value === "object" ? "an object" : `${typeof value} ${printable(String(value), 40)}`;
}

/** One pass over the characters (strings skipped): true when arrays/objects nest deeper than `limit`. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}
