import { isObject, parseJsonText } from "./json";

// Answers written as labelled lines rather than one document: "Monitors: []", "Queried metrics
// data: {…}", "Context: \nRAG Sources: []" — the label is the tool's, the value is the answer. And
// the notices servers append to every answer (a deprecation, an upgrade hint), which are not the answer.

/** "[opik-mcp server notice] …", "Deprecation notice: …": a line a server adds to every answer. */
const NOTICE =
  /^\s*(?:\[[^\]\n]{0,60}\b(?:notice|deprecated|deprecation|announcement)\]|(?:deprecation\s+)?notice\s*:|\[?deprecated\]?\s*:)/i;

/**
 * A terminal's escape sequences: OSC (a window title, a badge: ESC ] … BEL) and CSI (colours: ESC [ … m); and a
 * colour as a JSON string writes it, in a command's captured stderr ("\\u001b[1;35mSyntaxError\\u001b[0m").
 */
const TERMINAL_ESCAPE =
  /\u001b(?:\][^\u0007\u001b]{0,500}(?:\u0007|\u001b\\)|\[[0-9;?]{0,20}[ -/]{0,2}[@-~])|\\u001b\[[0-9;]{0,20}m/g;

/** A rule drawn with box-drawing characters ("────────"), as a CLI prints around a status footer. */
const DRAWN_RULE = /^[ \t]*[─━═]{10,}[ \t]*$/;

/**
 * What a tool written for a terminal adds to every answer, taken off before its words are read:
 * escape sequences (a window title, a badge) and a short status footer under a drawn rule
 * ("You can't DM yourself.\n\n────…\nvibe · 3 online · 3 unread\n────…"). The stored text keeps them.
 */
export function withoutTerminalDress(text: string): string {
  if (!text.includes("\u001b") && !text.includes("\\u001b[") && !/[─━═]{10}/.test(text)) return text;
  const lines = text.replace(TERMINAL_ESCAPE, "").split(/\r?\n/);
  const rule = lines.findIndex((line) => DRAWN_RULE.test(line));
  const footer = rule > 0 && lines.length - rule <= 6;
  return (footer ? lines.slice(0, rule) : lines).join("\n").trimEnd();
}

/** An output frame's opening marker: "<<<BEGIN RESULTS>>>" (what is inside is the answer; the rest is the tool's). */
const FRAME_OPENING = /<<<BEGIN ([A-Z][A-Z _]{0,30})>>>/;
/** A section of a frame that holds a failure: "<<<ERROR>>>\nCouldn't find that app.\n<<<END ERROR>>>". */
const ERROR_SECTION = /<<<(ERRORS?|FAILURE|FAILED)>>>[ \t]*(?:\r?\n)?/g;

/**
 * The answer inside the markers a tool frames its output with for a model ("session restored … <<<BEGIN
 * RESULTS>>>\n…\n<<<END RESULTS>>>": Heroku's CLI server), its error section read as an error line. A text
 * without a frame is returned as it is.
 */
export function insideOutputFrame(text: string): string {
  if (!text.includes("<<<")) return text;
  const opening = FRAME_OPENING.exec(text);
  if (!opening) return text;
  const start = opening.index + opening[0].length;
  const end = text.indexOf(`<<<END ${opening[1]}>>>`, start);
  const inside = text.slice(start, end < 0 ? undefined : end);
  return inside
    .replace(ERROR_SECTION, "Error: ")
    .replace(/<<<END (?:ERRORS?|FAILURE|FAILED)>>>/g, "")
    .trim();
}

/** The text without the notice lines a server appends, when something else remains. */
export function asideNotices(text: string): string {
  if (!/notice|deprecat|announcement/i.test(text)) return text;
  const lines = text.split(/\r?\n/);
  const kept = lines.filter((line) => !NOTICE.test(line));
  if (kept.length === lines.length || kept.every((line) => line.trim() === "")) return text;
  return kept.join("\n").trim();
}

/**
 * An empty structure under a label or two: "Trace: ffff…\n\n🔍 Trace Details:\n[]" answers [] as
 * much as "[]" alone does. Only [], {} and null, after at most three short label lines.
 */
export function labelledStructure(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.length > 400) return undefined;
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  const last = lines.pop()?.trim();
  if (lines.length === 0 || lines.length > 3 || !last || !/^(?:\[\s*\]|\{\s*\}|null)$/.test(last))
    return undefined;
  const labels = lines.every(
    (line) => line.length <= 120 && /^[^:]{1,60}:(?:\s*\S{1,80})?\s*$/.test(line.trim()),
  );
  return labels ? JSON.parse(last) : undefined;
}

/** "Label: " then the value: a label of words (no quotes or brackets), then a colon. */
const LABELLED_LINE = /^([^:{}[\]"\n]{1,60}):[ \t]*(.*)$/;

/**
 * A label whose value is a JSON document, on one line or printed over several: "Queried metrics data:
 * {"response": …}", "Tool: x, Result: {\n  "documents": []…}" is that document.
 */
export function labelledJson(text: string): unknown {
  const trimmed = text.trim();
  const [, label, value] = JSON_AFTER_LABEL.exec(trimmed) ?? [];
  // "Error calling tool x: {}" is a failure's words around its details, read as words.
  if (!label || !value || FAILURE_WORD.test(label)) return undefined;
  const parsed = parseJsonText(value);
  return isObject(parsed) && Object.keys(parsed).length > 0 ? parsed : undefined;
}

/** Words on the first line, a colon, then a document that opens on that line. */
const JSON_AFTER_LABEL = /^([^{}[\]"\n]{1,120}):[ \t]*([[{][\s\S]*)$/;

const FAILURE_WORD = /error|fail|exception|denied|invalid|refused|unable|cannot|could not/i;

/**
 * A one-line heading, then the answer as one JSON document — bare, in a ```json fence or in
 * <json> tags: "Webhook executed successfully\n\n{…}", "0 candidate(s) matching \"x\".\n{…}", "Story: sc-1842\n\n<json>{…}</json>". The
 * document; undefined when the heading reads as a failure (its words are the answer then).
 */
export function headedJson(text: string): unknown {
  // The blank line between them is optional: text blocks are joined by a single newline.
  const match = /^([^\n]{1,200})\r?\n(?:[ \t]*\r?\n)?([\s\S]{2,})$/.exec(text.trim());
  if (!match?.[1] || !match[2] || FAILURE_WORD.test(match[1])) return undefined;
  const body = match[2]
    .trim()
    .replace(/^<json>\s*([\s\S]*?)\s*<\/json>$/, "$1")
    .replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, "$1");
  if (!/^[[{]/.test(body)) return undefined;
  const parsed = parseJsonText(body);
  return isObject(parsed) && Object.keys(parsed).length > 0 ? parsed : undefined;
}

/**
 * A short answer made only of labelled lines, each value empty, a JSON document or a boolean: the values
 * ("Context: \nRAG Sources: []" → [null, []]). Undefined when any line is anything else.
 */
export function labelledValues(text: string): unknown[] | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 2000) return undefined;
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length === 0 || lines.length > 4) return undefined;
  const values: unknown[] = [];
  for (const line of lines) {
    const value = LABELLED_LINE.exec(line.trim())?.[2]?.trim();
    if (value === undefined) return undefined;
    if (value === "") {
      values.push(null);
      continue;
    }
    // A paging flag ("isLast: true") beside the documents.
    const parsed = /^[[{]/.test(value)
      ? parseJsonText(value)
      : /^(?:true|false)$/.test(value)
        ? value === "true"
        : undefined;
    if (parsed === undefined) return undefined;
    values.push(parsed);
  }
  return values;
}
