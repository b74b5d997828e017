import { RE2JS } from "re2js";
import type { Expectation } from "./definition";

// A probe's test call against what it was asked to expect: by default an ok outcome that is not
// a silent failure (Faultline's own verdict on the answer, the same as for any call); optionally
// the text matching a pattern, values at JSON paths, and a latency limit. Patterns are RE2
// (linear time) and run over at most TEXT_WINDOW characters of the answer.

export const TEXT_WINDOW = 65_536;

export interface CallVerdict {
  outcome: string;
  silentFailure: boolean;
  category: string | null;
  durationMs: number;
  /** The tools/call result as the server sent it. */
  result: unknown;
}

/** Why the call fails its expectation, one reason per unmet expectation (empty when it passes). */
export function unmetExpectations(expect: Expectation, verdict: CallVerdict): string[] {
  const reasons: string[] = [];
  if (expect.ok && verdict.outcome !== "ok") {
    reasons.push(
      `outcome ${verdict.outcome.replace(/_/g, " ")}${verdict.category ? ` (${verdict.category})` : ""}`,
    );
  } else if (expect.ok && verdict.silentFailure) {
    reasons.push(`a silent failure (${verdict.category ?? "unknown"}): the answer claims success`);
  }
  if (expect.maxDurationMs !== undefined && verdict.durationMs > expect.maxDurationMs) {
    reasons.push(`took ${verdict.durationMs} ms, over the ${expect.maxDurationMs} ms limit`);
  }
  const text = textOf(verdict.result);
  if (expect.text !== undefined && !RE2JS.compile(expect.text).matcher(text).find()) {
    reasons.push(`the text does not match /${expect.text}/`);
  }
  if (expect.json?.length) {
    const value = jsonOf(verdict.result, text);
    for (const { path, equals, matches } of expect.json) {
      const found = at(value, path);
      if (equals !== undefined && !sameJson(found.value, equals)) {
        reasons.push(
          found.present ? `${path} is ${shown(found.value)}, not ${shown(equals)}` : `${path} is missing`,
        );
      }
      if (matches !== undefined) {
        const subject = typeof found.value === "string" ? found.value : JSON.stringify(found.value ?? null);
        if (!found.present || !RE2JS.compile(matches).matcher(subject.slice(0, TEXT_WINDOW)).find()) {
          reasons.push(found.present ? `${path} does not match /${matches}/` : `${path} is missing`);
        }
      }
    }
  }
  return reasons;
}

/** The text blocks of a tools/call result, joined, within TEXT_WINDOW. */
export function textOf(result: unknown): string {
  const content = (result as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return "";
  let text = "";
  for (const block of content.slice(0, 100)) {
    const value = (block as { type?: unknown; text?: unknown } | null)?.text;
    if (typeof value === "string") text += (text ? "\n" : "") + value;
    if (text.length >= TEXT_WINDOW) break;
  }
  return text.slice(0, TEXT_WINDOW);
}

/** The answer's structured content, or its text parsed as JSON when it is JSON. */
function jsonOf(result: unknown, text: string): unknown {
  const structured = (result as { structuredContent?: unknown } | null)?.structuredContent;
  if (structured !== undefined) return structured;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function at(value: unknown, path: string): { present: boolean; value: unknown } {
  let current = value;
  for (const part of path.split(/\.|(?=\[)/)) {
    const index = /^\[(\d+)\]$/.exec(part);
    if (index) {
      if (!Array.isArray(current) || Number(index[1]) >= current.length)
        return { present: false, value: undefined };
      current = current[Number(index[1])];
    } else {
      if (typeof current !== "object" || current === null || !Object.hasOwn(current, part)) {
        return { present: false, value: undefined };
      }
      current = (current as Record<string, unknown>)[part];
    }
  }
  return { present: true, value: current };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
