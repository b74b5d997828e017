import { MAX_TEXT_CODE_POINTS } from "./types";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** PostgreSQL text cannot hold NUL, and lone surrogates cannot be encoded as UTF-8. */
export function sanitizeText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD").toWellFormed();
}

export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Keeps at most `limit` code points without splitting a character: the cut falls on a
 * grapheme boundary, so an emoji sequence or a letter with its accents stays whole.
 */
export function boundText(text: string, limit = MAX_TEXT_CODE_POINTS): { text: string; length: number } {
  const length = codePointLength(text);
  if (length <= limit) return { text, length };
  let kept = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const size = codePointLength(segment);
    if (kept + size > limit) break;
    kept += size;
    end = index + segment.length;
  }
  return { text: text.slice(0, end), length };
}
