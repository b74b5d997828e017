import { MAX_SCAN_CHARS, MAX_TEXT_CODE_POINTS } from "./types";

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** PostgreSQL text cannot hold NUL, and lone surrogates cannot be encoded as UTF-8. */
export function sanitizeText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD").toWellFormed();
}

/** Length in code points (a surrogate pair counts once), without building a string per character. */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const high = text.charCodeAt(index);
    if (high >= 0xd800 && high <= 0xdbff) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}

/** Room past the cut for the grapheme that straddles it (longer clusters are cut before). */
const CLUSTER_SLACK = 64;

/** UTF-16 index just past the first `count` code points of `text`. */
function codePointIndex(text: string, count: number): number {
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen++) {
    const unit = text.charCodeAt(index);
    index += unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length ? 2 : 1;
  }
  return index;
}

/**
 * Below U+0300 no character joins its neighbour into one grapheme (no combining marks, joiners,
 * regional indicators or Hangul jamo live there), except CR before LF (UAX #29, GB3–GB13).
 */
function isPlainBoundary(text: string, index: number): boolean {
  const before = text.charCodeAt(index - 1);
  const after = text.charCodeAt(index);
  return before < 0x300 && after < 0x300 && !(before === 0x0d && after === 0x0a);
}

/**
 * Keeps at most `limit` code points without splitting a character: the cut falls on a
 * grapheme boundary, so an emoji sequence or a letter with its accents stays whole.
 * Where the cut falls between two plain characters it is a boundary already; otherwise only
 * the start of the text is segmented: a long text costs no more than a short one.
 */
export function boundText(text: string, limit = MAX_TEXT_CODE_POINTS): { text: string; length: number } {
  const length = codePointLength(text);
  if (length <= limit) return { text, length };
  const cut = codePointIndex(text, limit);
  if (isPlainBoundary(text, cut)) return { text: text.slice(0, cut), length };
  const prefix = text.slice(0, 2 * limit + CLUSTER_SLACK);
  let kept = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(prefix)) {
    const size = codePointLength(segment);
    // The prefix's last segment may be a cluster cut in two: never keep it.
    if (kept + size > limit || index + segment.length === prefix.length) break;
    kept += size;
    end = index + segment.length;
  }
  return { text: text.slice(0, end), length };
}

/** The part of a free text that regular expressions look at (see MAX_SCAN_CHARS). */
export function scanWindow(text: string): string {
  return text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
}

/** The <title> of an HTML page, found without a regex that could backtrack over the page. */
export function htmlTitle(html: string): string | undefined {
  const scan = scanWindow(html);
  const open = /<title\b[^<>]{0,200}>/i.exec(scan);
  if (!open) return undefined;
  const start = open.index + open[0].length;
  const end = scan.toLowerCase().indexOf("</title>", start);
  if (end < 0 || end - start > 200) return undefined;
  const title = scan.slice(start, end);
  return title.includes("<") ? undefined : title.trim();
}
