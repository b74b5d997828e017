import { saysEmpty } from "./says-empty";

// Answers written as text that found nothing: a report that counts zero, a table with only its
// header, a listing that is only its paging, "[]" beside timings — the text forms of an empty
// success (lib/classify/empty.ts reads the structured ones and calls this).

/** A text's lines that hold something, in order. */
function nonEmptyLines(text: string): string[] {
  return text
    .trim()
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
}

/** A markdown rule line ("---", "***", "___"). */
const RULE_LINE = /^\s*(?:-{3,}|\*{3,}|_{3,})\s*$/;

/** Whether a text answer, in one of the forms below, found nothing. */
export function textCountsNothing(text: string): boolean {
  return (
    saysTotalZero(text) ||
    saysZeroCount(text) ||
    zeroThenAdvice(text) ||
    emptyThenTimings(text) ||
    emptyAmongNotes(text) ||
    headerOnlyTable(text) ||
    headerOnlyMarkdownTables(text) ||
    pagingOnly(text) ||
    zeroCountThenEmpty(text) ||
    headingOnly(text) ||
    noneReturnedAboveFooter(text) ||
    commandPrintedNothing(text) ||
    zeroCountsThenNone(text) ||
    noneAtBothEnds(text)
  );
}

/**
 * A search that says at both ends it found nothing, with what it was asked echoed between: "Found 0 matches for
 * the YAML rule.\n\nRule used: …\n\nMatches:\n[]", "Test result: NO MATCH\n\nRule tested: …\n\nNo matches found".
 */
function noneAtBothEnds(text: string): boolean {
  if (text.length > 4000) return false;
  const lines = nonEmptyLines(text).map((line) => line.trim());
  if (lines.length < 3) return false;
  return saysEmpty(lines[0]!) && (saysEmpty(lines.at(-1)!) || /^(?:\[\s*\]|\{\s*\})$/.test(lines.at(-1)!));
}

/** A count a report labels, bold or not: "**Total Hits:** 0", "Returned: 0", "Results: 12". */
const LABELLED_COUNT =
  /(?:^|[|*\s])(?:total(?: [a-z]{1,20})?|hits|returned|results|count|found|matches|[a-z]{1,20} returned)(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?[ \t]*(\d{1,9})\b/gim;

/**
 * A short report whose labelled counts are all zero and one of whose lines says nothing was found ("**Total
 * Hits:** 0 | **Returned:** 0" … "> No results matched your Europe PMC query."), beside its query and links.
 */
function zeroCountsThenNone(text: string): boolean {
  if (text.length > 2000) return false;
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length > 15) return false;
  const counts = [...text.matchAll(LABELLED_COUNT)].map((match) => Number(match[1]));
  if (counts.length === 0 || counts.some((count) => count > 0)) return false;
  return lines.some((line) => saysEmpty(line.replace(/^[\s>*_-]+/, "")));
}

/**
 * A line that names what was asked for and not found: "**Unavailable PMIDs:** 39999991", "Missing symbols: X".
 * Read beside an answer that found nothing: those names do not exist.
 */
export function namesMissingInText(text: string): boolean {
  if (text.length > 2000) return false;
  return /^[ \t>*-]*(?:\*\*)?(?:unavailable|missing|not found|unknown|unresolved|invalid)(?: [a-z]{1,20}){0,2}[ \t]*(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?[ \t]*(?!(?:0|none|n\/a|-)[ \t]*$)[\w"'`]/im.test(
    text,
  );
}

/**
 * A command that ran, exited 0 and printed nothing, as shell tools report it: "[host] Command: find …\nExit
 * Code: 0\nOutput:\n" — the answer is that there was nothing (no files found). Not when anything was printed,
 * on stdout or stderr.
 */
function commandPrintedNothing(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 1000) return false;
  const lines = trimmed.split(/\r?\n/).map((line) => line.trim());
  if (lines.length < 2 || lines.length > 5 || !/^(?:stdout|output)[ \t]*:$/i.test(lines.at(-1)!))
    return false;
  return (
    lines.some((line) => /^exit[ _]?(?:code|status)[ \t]*:[ \t]*0$/i.test(line)) &&
    lines.slice(0, -1).every((line) => /^(?:\[[^\]\n]{1,80}\][ \t]*)?[A-Za-z][\w ]{0,30}:/.test(line))
  );
}

/**
 * What was asked about, as headings and labelled lines, then a last line saying there is nothing in it:
 * "**Form Responses**\n\nForm ID: 1m7X…\nTotal Responses: 0\nEdit Form: https://…\n\nNo responses yet."
 * Not when a labelled value counts something (a number above zero on its own), or anything is listed;
 * and only for a tool that asks for many (the caller decides): a form read with "No questions in this
 * form." was found.
 */
export function emptyBelowRecord(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 800) return false;
  const lines = trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length < 2 || lines.length > 10) return false;
  // The saying line, then at most a footer: a rule, an emphasised source line, one sentence that restates it.
  const says = lines.findLastIndex((line) => saysEmpty(line));
  if (says < 1 || !lines.slice(says + 1).every(isFooter) || lines.length - says > 4) return false;
  return lines.slice(0, says).every((line) => {
    if (/^(?:#{1,6}\s+\S|\*\*[^*\n]{1,80}\*\*:?$)/.test(line)) return true;
    // "Location: 47.6, -122.3", also bold as markdown reports write it ("**Updated:** Dec 7, 3:55 AM").
    const value = /^(?:\*\*)?[A-Za-z][\w '()-]{0,40}:(?:\*\*)?\s*(.*)$/.exec(line)?.[1];
    return value !== undefined && !/^[[{]/.test(value) && !/^[1-9][\d,.]*$/.test(value);
  });
}

/**
 * A report whose own verdict line says it found none ("**Result**: No email found.", "Results: none found"), whatever
 * context follows (where it looked, why): the verdict is the answer, the rest explains it.
 */
export function verdictLineSaysNone(text: string): boolean {
  if (text.length > 2000) return false;
  const value =
    /^[ \t]*(?:[-*][ \t]+)?(?:\*\*|__)?(?:result|results|outcome|verdict)(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*([^\n]{1,160})$/im.exec(
      text,
    )?.[1];
  return value !== undefined && saysEmpty(value);
}

/** What a report closes with after its answer: a rule, an emphasised line ("*Data source: NOAA*"), a plain sentence. */
function isFooter(line: string): boolean {
  return (
    RULE_LINE.test(line) ||
    /^([*_])[^*_\n]{1,120}\1$/.test(line) ||
    /^[A-Z][a-z][^\d:\n|[\]{}]{0,158}\.$/.test(line)
  );
}

/**
 * A report that returned none, above a rule and a footer of attribution or usage: "Found 0 jobs (returned 0).\n\n---\n
 * Jobs by Adzuna (…).\nAPI calls this session: 2 (…)", also a page past the end ("Found 1,863 jobs (returned 0)").
 * The footer is prose only: a list, a table or a document under the rule is data.
 */
function noneReturnedAboveFooter(text: string): boolean {
  if (text.length > 1500) return false;
  const lines = nonEmptyLines(text);
  const rule = lines.findIndex((line) => RULE_LINE.test(line));
  if (rule < 1 || rule > 3 || lines.length - rule - 1 > 4) return false;
  const head = lines.slice(0, rule).join("\n");
  const returnedNone = /\b(?:returned|showing|displaying|listing|fetched)[ \t:]*0(?![.,]?\d)\b/i.test(head);
  return (
    (returnedNone || saysZeroCount(head)) &&
    lines.slice(rule + 1).every((line) => !/^\s*(?:[-*•]|\d{1,3}[.)]|\||[{[])/.test(line))
  );
}

/**
 * Labelled lines that each say none ("Matching types: None\nMatching fields: None"): for a tool that searches or
 * lists only — one record's "Assignee: None" is a value.
 */
export function everyLabelSaysNone(text: string): boolean {
  if (text.length > 600) return false;
  const lines = nonEmptyLines(text);
  // Under a heading of its own ("SEARCH PRODUCTS RESULT"), beside its paging and a count of zero ("Total: 0\nOffset:
  // 0\nLimit: 10\nFacets: none\nResults: none").
  const body = lines.length > 1 && /^[ \t]*[A-Z][A-Z ]{2,60}$/.test(lines[0]!) ? lines.slice(1) : lines;
  return (
    body.length > 0 &&
    body.length <= 8 &&
    body.some((line) => LABEL_SAYS_NONE.test(line)) &&
    body.every(
      (line) =>
        LABEL_SAYS_NONE.test(line) ||
        /^[ \t]*(?:total|count|found|matches|results)[ \t]*:[ \t]*0[ \t]*$/i.test(line) ||
        /^[ \t]*(?:offset|limit|page|page size|per page|skip)[ \t]*:[ \t]*\d{1,9}[ \t]*$/i.test(line),
    )
  );
}

const LABEL_SAYS_NONE = /^[ \t]*[A-Za-z][\w ]{0,40}:[ \t]*(?:none|\(none\)|\[\]|-)\.?[ \t]*$/i;

/**
 * A listing's heading and nothing under it: "Users in realm staging:\n". One line that names the
 * things listed and where ("<things> in|for|of <scope>:"), no failure's words; not a lone label
 * ("Echo: ", "Detailed Results:"), which says nothing of a listing.
 */
function headingOnly(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length <= 120 &&
    /^(?:[A-Z][\w'-]{0,30} ){0,2}[A-Za-z][\w'-]{0,40}s (?:in|for|of|on|under|from|matching) [\w .'"/()-]{1,80}(?: \([\w ]{1,20}: ?[\w .-]{1,20}\)){0,3}:$/.test(
      trimmed,
    ) &&
    !/error|fail|exception|denied|invalid|refused|unable|cannot|could not|warning|not /i.test(trimmed)
  );
}

/**
 * A CSV (or TSV) table with its header row and no rows: "MsgID,UserID,UserName,Text,Time\n". At
 * least three column names, none of them a value (a number, a quoted string, a date).
 */
function headerOnlyTable(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 2000 || /[\r\n]/.test(trimmed)) return false;
  const separator = trimmed.includes("\t") ? "\t" : ",";
  const names = trimmed.split(separator);
  return (
    names.length >= 3 &&
    names.every((name) => /^[A-Za-z_][\w.()/-]{0,60}$/.test(name) && !/\d{3,}/.test(name))
  );
}

/**
 * A short note whose one finding is that there was nothing: "# Search Results for …\n\n**Suggested
 * presentation:** …\n\nNo issues found matching your search criteria.\n\nTry adjusting …". Not when it
 * lists anything (a list, a table, a number above zero, JSON).
 */
function emptyAmongNotes(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 800 || /[1-9]/.test(trimmed)) return false;
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length < 2 || lines.length > 8) return false;
  if (lines.some((line) => /^\s*(?:[-*+|>]\s|\d|```|[[{])/.test(line))) return false;
  return lines.some((line) => !line.startsWith("#") && saysEmpty(line));
}

/**
 * A zero count, then advice on what to try ("Listing 0 log records from environment prod.\n\nNext
 * Steps:\n* Try broader search terms …"): the advice is not an answer.
 */
function zeroThenAdvice(text: string): boolean {
  // Short notes only: a long answer is not split into lines to find out.
  if (text.length > 2000) return false;
  const lines = nonEmptyLines(text);
  if (lines.length < 3 || lines.length > 15) return false;
  // The advice's heading, plain or bold ("**Next steps:**"), after the answer's own lines.
  const advice = lines.findIndex((line) =>
    /^(?:#{1,6}\s*)?(?:\*\*)?(?:next steps?|suggestions?|tips?|hints?|what to try)\b[^\n]{0,40}?:?(?:\*\*)?:?\s*$/i.test(
      line.trim(),
    ),
  );
  if (advice < 1 || !lines.slice(advice + 1).every((line) => /^\s*(?:[-*•]|\d{1,2}[.)])\s+/.test(line)))
    return false;
  // What comes before it counts nothing: one line, or a short report ("# Boards (0)\n---\nShowing all 0 boards").
  const answer = lines.slice(0, advice).filter((line) => !RULE_LINE.test(line));
  return answer.length > 0 && (saysZeroCount(answer.join("\n")) || textCountsNothing(answer.join("\n")));
}

/**
 * A short report that counts nothing: "Query returned 0 records:", "Retrieved 0 rows.\n\nResults:\n[]",
 * "UPDATE operation completed successfully. Rows affected: 0", "Alert Rules (0 total):" — no number
 * above zero anywhere in it.
 */
function saysZeroCount(text: string): boolean {
  // "(page 1 of 0)" numbers a page, not what was found. A long text is not rewritten to find out.
  if (text.length > 400) return false;
  const trimmed = text.trim().replace(/\(?\bpage \d{1,6} of \d{1,6}\)?/gi, "");
  if (trimmed.length > 300 || /[1-9]/.test(trimmed)) return false;
  if (trimmed.split(/\r?\n/).filter((line) => line.trim() !== "").length > 6) return false;
  return ZERO_COUNT.test(trimmed);
}

/** "[]" with a line or two of how long it took beside it (a second content block): an empty answer. */
function emptyThenTimings(text: string): boolean {
  const lines = text.trim().split(/\r?\n/);
  if (lines.length < 2 || lines.length > 3 || !/^(?:\[\s*\]|\{\s*\})$/.test(lines[0]!.trim())) return false;
  return lines.slice(1).every((line) => /^[\w ]{1,40}:\s*[\d.]+\s*[a-zµ]{0,3}$/i.test(line.trim()));
}

/**
 * "Total: 0 files, 0 directories": a short summary that counts nothing (and no number above zero); and `ls -l`'s
 * "total 0" with no entry under it, an empty folder.
 */
function saysTotalZero(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 200 || /[1-9]/.test(trimmed)) return false;
  const lines = trimmed.split(/\r?\n/);
  return (
    /^total 0$/i.test(trimmed) ||
    (lines.length <= 3 &&
      (/^(?:(?:total|found|matched|results?|count)\s*[:=]?\s*0\s+[a-z]|(?:total\s+)?(?:results?|matches|hits|rows|records|items|documents|count)\s*[:=]\s*0\b)/i.test(
        lines[0] ?? "",
      ) ||
        /[\s—–:-]0 (?:entries|items|results|rows|files|records|matches|documents)\.?$/i.test(lines[0] ?? "")))
  );
}

/**
 * A Markdown answer whose tables have their header and no rows, beside headings and metadata
 * bullets with no value or a zero ("# Collections\n\n- **total**: 0\n\n| id | name |\n|---|---|").
 */
function headerOnlyMarkdownTables(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 4000) return false;
  const lines = trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  let tables = 0;
  for (const [index, line] of lines.entries()) {
    if (/^\|(?:\s*:?-{3,}:?\s*\|)+$/.test(line)) {
      tables += 1;
      // The header is the line before; no row may follow.
      if (!/^\|.*\|$/.test(lines[index - 1] ?? "") || /^\|/.test(lines[index + 1] ?? "")) return false;
      continue;
    }
    if (/^\|.*\|$/.test(line) && /^\|(?:\s*:?-{3,}:?\s*\|)+$/.test(lines[index + 1] ?? "")) continue;
    if (/^#{1,6}\s/.test(line)) continue;
    if (/^[-*]\s+(?:\*\*)?[\w ]{1,40}(?:\*\*)?:\s*(?:0|null|none|)$/i.test(line)) continue;
    return false;
  }
  return tables > 0;
}

const COUNTED = "(?:rows?|records?|results?|items?|entries|documents?|matches|hits|objects?|files?|rules?)";

const ZERO_COUNT = new RegExp(
  [
    // "Retrieved 0 rows", "Found 0 companies", "Displaying 0 records"
    `\\b(?:returned|retrieved|found|matched|affected|fetched|listed|listing|displaying|showing)[ \\t]*:?[ \\t]*(?:all[ \\t]+)?0[ \\t]+[a-z][\\w-]{1,30}`,
    // "**0 events** (of unknown total)": a report that opens with its count
    `^(?:\\*\\*)?0[ \\t]+[a-z][\\w-]{1,30}s\\b`,
    // "# Boards (0)": a heading that counts what it lists
    `\\b[A-Za-z][\\w-]{1,30}s[ \\t]*\\(0\\)`,
    // "Rows affected: 0", "Total search results: 0"
    `\\b${COUNTED}(?:[ \\t]+(?:affected|returned|found|retrieved|matched))?[ \\t]*[:=][ \\t]*0\\b`,
    `\\(0 total\\)`,
    // "存储桶 backups 中找到 0 个对象" (found 0 objects), "共 0 条" (0 in all)
    `(?:找到|共有|共|返回)[ \\t]*0[ \\t]*(?:个|条|项)`,
  ].join("|"),
  "i",
);

/**
 * An answer that is only its paging, saying there is nothing ("has_more: false", "next_cursor: null",
 * "total: 0"): a listing with no items, written as labelled lines.
 */
function pagingOnly(text: string): boolean {
  const lines = text.trim().split(/\r?\n/);
  return (
    lines.length <= 4 &&
    lines.every((line) =>
      /^[ \t]*(?:has_?more|more|next_?cursor|next_?page|next|cursor|total|count|offset)[ \t]*:[ \t]*(?:false|null|none|0|"")?[ \t]*$/i.test(
        line,
      ),
    ) &&
    lines.some((line) => /(?:has_?more|more)[ \t]*:[ \t]*false|(?:total|count)[ \t]*:[ \t]*0/i.test(line))
  );
}

/**
 * A count of none in the API's own words, then the empty list itself: "0 élément(s)\n\n[]",
 * "0 results\n{}". Whatever the language, a zero before a noun above an empty structure found nothing.
 */
function zeroCountThenEmpty(text: string): boolean {
  // Two short lines at most: a long answer is not split to find out.
  if (text.length > 200) return false;
  const lines = text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length !== 2 || !/^(?:\[\s*\]|\{\s*\})$/.test(lines[1]!)) return false;
  return /^0[ \t]+\p{L}[\p{L}'’-]{0,30}(?:\(\p{L}{1,3}\))?[ \t]*[.:]?$/u.test(lines[0]!);
}
