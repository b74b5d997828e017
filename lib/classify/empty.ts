import { MAX_JSON_DEPTH, isObject } from "./json";
import { saysEmpty } from "./patterns";
import { isPresent } from "./envelopes";
import { looksUpOne } from "./lookup";
import { snakeCase } from "./names";

// A success that found nothing: valid, not a failure ("no orders for this customer"). Also the
// row-set envelopes data servers answer with: {"rows": [], "fields": […]}, {"success": true,
// "commits": [], "totalCount": 0, "note": "…"}, {"message": "…", "rowsAffected": 0} — a result
// set, a listing or a count that is empty, beside metadata (a status, a note, an echo of the
// query), and nothing that is data.

export interface EmptyCandidate {
  tool?: string | null;
  text: string;
  structuredContent: unknown;
  /** Number of content blocks, when the payload is a CallToolResult. */
  contentBlocks?: number;
}

export function isEmptyAnswer(payload: EmptyCandidate, documents: unknown[]): boolean {
  if (payload.contentBlocks === 0 && !isPresent(payload.structuredContent)) return true;
  if (payload.contentBlocks !== undefined && payload.contentBlocks > 0 && payload.text.trim() === "")
    return true;
  if (
    documents.length > 0 &&
    documents.every((document) => isEmptyDocument(document) || isEmptyEnvelope(document))
  )
    return true;
  // A listing that counts nothing beside what it was asked ({"bucket": "b", "object_count": 0,
  // "objects": []}); not for a lookup of one thing, whose own fields are data.
  if (
    documents.length > 0 &&
    !looksUpOne(payload.tool) &&
    documents.every((document) => countsNoItems(document))
  )
    return true;
  return (
    saysEmpty(payload.text) ||
    saysTotalZero(payload.text) ||
    saysZeroCount(payload.text) ||
    emptyThenTimings(payload.text) ||
    emptyAmongNotes(payload.text)
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

/** A count of what was found or changed, however it is named: "count", "totalCount", "object_count", "rows_affected". */
function isCountKey(key: string): boolean {
  return COUNT_KEY.test(key) || /(?:^|_)(?:count|total)(?:_|$)/.test(snakeCase(key));
}

/**
 * A listing whose counts are all zero and whose lists are all empty (at least one of each), beside
 * scalars (what was asked: a bucket, a prefix, a time) and metadata. Keys that start with "_"
 * (a UI's hints, private fields) are not the answer. Wrappers ("data", "output") are looked into, two
 * deep at most.
 */
function countsNoItems(value: unknown, depth = 0): boolean {
  if (!isObject(value) || depth > 2) return false;
  let zeroCount = false;
  let emptyList = false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith("_") || inner === null || inner === undefined || typeof inner === "boolean") continue;
    if (typeof inner === "number") {
      if (isCountKey(key)) {
        if (inner !== 0) return false;
        zeroCount = true;
      }
      continue;
    }
    if (typeof inner === "string") continue;
    if (Array.isArray(inner)) {
      if (inner.length > 0) return false;
      emptyList = true;
      continue;
    }
    if (countsNoItems(inner, depth + 1)) {
      zeroCount = emptyList = true;
      continue;
    }
    if (METADATA_KEY.test(key) || ECHO_KEY.test(key)) {
      // Paging beside the answer counts too: {"list": [], "pageInfo": {"totalRows": 0}}.
      const counts = Object.entries(inner).filter(
        ([name, value]) => typeof value === "number" && isCountKey(name),
      );
      if (counts.some(([, value]) => value !== 0)) return false;
      if (counts.length > 0) zeroCount = true;
      continue;
    }
    if (isPresent(inner)) return false;
  }
  return zeroCount && emptyList;
}

/** What a listing echoes of what it was asked, or says of its pages: not the answer. */
const ECHO_KEY = /^(?:applied_?filters?|input|request|options|page_?info|paging|query_?params)$/i;

/**
 * A short report that counts nothing: "Query returned 0 records:", "Retrieved 0 rows.\n\nResults:\n[]",
 * "UPDATE operation completed successfully. Rows affected: 0", "Alert Rules (0 total):" — no number
 * above zero anywhere in it.
 */
function saysZeroCount(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 300 || /[1-9]/.test(trimmed)) return false;
  if (trimmed.split(/\r?\n/).filter((line) => line.trim() !== "").length > 6) return false;
  return ZERO_COUNT.test(trimmed);
}

const COUNTED = "(?:rows?|records?|results?|items?|entries|documents?|matches|hits|objects?|files?|rules?)";
const ZERO_COUNT = new RegExp(
  [
    // "Retrieved 0 rows", "Found 0 companies", "Displaying 0 records"
    `\\b(?:returned|retrieved|found|matched|affected|fetched|listed|displaying|showing)[ \\t]*:?[ \\t]*0[ \\t]+[a-z][\\w-]{1,30}`,
    // "Rows affected: 0", "Total search results: 0"
    `\\b${COUNTED}(?:[ \\t]+(?:affected|returned|found|retrieved|matched))?[ \\t]*[:=][ \\t]*0\\b`,
    `\\(0 total\\)`,
  ].join("|"),
  "i",
);

/** "[]" with a line or two of how long it took beside it (a second content block): an empty answer. */
function emptyThenTimings(text: string): boolean {
  const lines = text.trim().split(/\r?\n/);
  if (lines.length < 2 || lines.length > 3 || !/^(?:\[\s*\]|\{\s*\})$/.test(lines[0]!.trim())) return false;
  return lines.slice(1).every((line) => /^[\w ]{1,40}:\s*[\d.]+\s*[a-zµ]{0,3}$/i.test(line.trim()));
}

/** Counts of what was found or changed: 0 says empty, more says there is data. */
const COUNT_KEY =
  /^(?:count|total|totals|size|length|hits|matches|changes|insertions|deletions|rows|(?:total|result|row|item|record|match|hit|entry|file|commit)s?_?count|(?:rows|records|files|lines)_?(?:affected|changed|updated|deleted|inserted|returned|matched)|affected_?rows|num_?(?:results|rows|items|records)|total_?(?:count|results|rows|items|records|hits|size)|files_?changed)$/i;

/** Fields that describe the answer rather than carry it: status, an echo of the request, paging, a note, column metadata. */
const METADATA_KEY =
  /^(?:success|ok|status|state|mode|kind|type|object|result_?type|api_?version|metadata|message|msg|note|notes|info|hint|query|q|filter|filters|sort|order|orderby|order_by|page|page_?size|per_?page|limit|offset|cursor|next|next_?cursor|prev|previous|has_?more|more|truncated|took|elapsed|duration|duration_?ms|request_?id|headers|fields|columns|schema|meta|_meta|pagination|links|params|parameters|command|database|table|collection|index|path|url|source|source_?id|sql|statement|statistics|stats|timing|start_?at|start|from|max_?results|generationtime_?ms)$/i;

/**
 * A row-set envelope that is empty: at least one empty collection (or empty string) or zero
 * count, every other collection empty or metadata, every count zero, and every other value
 * metadata or null. Anything else that holds data ({"name": "Acme", "tags": []}) is not empty.
 */
function isEmptyEnvelope(value: unknown, depth = 0): boolean {
  if (!isObject(value)) return false;
  let sawEmpty = false;
  for (const [key, inner] of Object.entries(value)) {
    if (inner === null || inner === undefined || typeof inner === "boolean") continue;
    if (Array.isArray(inner) || isObject(inner)) {
      // A wrapper ("data", "result") or a list of statements whose contents are empty envelopes too.
      if (isEmptyDocument(inner) || nestedEmpty(inner, depth)) sawEmpty = true;
      else if (!METADATA_KEY.test(key)) return false;
    } else if (typeof inner === "number") {
      if (!COUNT_KEY.test(key)) {
        if (!METADATA_KEY.test(key)) return false;
      } else if (inner === 0) sawEmpty = true;
      else return false;
    } else if (typeof inner === "string") {
      if (inner === "") sawEmpty = true;
      else if (!METADATA_KEY.test(key)) return false;
    } else return false;
  }
  return sawEmpty;
}

function nestedEmpty(inner: unknown, depth: number): boolean {
  if (depth >= 3) return false;
  if (Array.isArray(inner))
    return inner.length > 0 && inner.length <= 10 && inner.every((item) => isEmptyEnvelope(item, depth + 1));
  return isEmptyEnvelope(inner, depth + 1);
}

/** "Total: 0 files, 0 directories": a short summary that counts nothing (and no number above zero). */
function saysTotalZero(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 200 || /[1-9]/.test(trimmed)) return false;
  const lines = trimmed.split(/\r?\n/);
  return (
    lines.length <= 3 &&
    (/^(?:(?:total|found|matched|results?|count)\s*[:=]?\s*0\s+[a-z]|(?:total\s+)?(?:results?|matches|hits|rows|records|items|documents|count)\s*[:=]\s*0\b)/i.test(
      lines[0] ?? "",
    ) ||
      /[\s—–:-]0 (?:entries|items|results|rows|files|records|matches|documents)\.?$/i.test(lines[0] ?? ""))
  );
}

/** [], {}, null, or an object holding only empty collections and zero counts (at least one collection); bounded in depth. */
function isEmptyDocument(value: unknown, depth = 0): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (!isObject(value) || depth >= MAX_JSON_DEPTH) return false;
  const values = Object.values(value);
  if (values.length === 0) return true;
  // Every field null ({"matches": null, "index": null}): nothing was found.
  if (depth === 0 && values.every((inner) => inner === null)) return true;
  let sawCollection = false;
  for (const inner of values) {
    if (Array.isArray(inner) || isObject(inner)) {
      if (!isEmptyDocument(inner, depth + 1)) return false;
      sawCollection = true;
    } else if (!(inner === null || inner === 0 || inner === "" || inner === false)) {
      return false;
    }
  }
  return sawCollection;
}
