import { isObject, MAX_JSON_DEPTH } from "./json";
import { snakeCase, toolBaseName } from "./names";

// A lookup of one named thing (get_user, describe_table, show_issue) that comes back as an empty
// structure — [], {}, null, {"columns": []} — did not find that thing: a silent failure
// (validation: the name given does not exist), not an empty success. A search, a listing or a
// query that finds nothing stays `empty`. Empty text is not read here: an empty file is a file.

const LOOKUP_VERB = /^(?:get|describe|show|inspect|lookup|look_up|retrieve|view|find_by|resolve)_/;
/**
 * Nouns for a whole (a graph, a page, the settings, a calendar view, a price chart over a range): an
 * empty one is empty, not missing.
 */
const WHOLE =
  /^(?:graph|json|data|content|contents|text|page|info|config|configuration|settings|stats|statistics|summary|tree|state|overview|context|metadata|env|environment|report|result|results|output|feed|inbox|queue|dashboard|memory|cache|everything|workspace|structure|time|date|now|view|calendar|schedule|agenda|timeline|digest|chart|series|candles|klines|ohlc|ohlcv)$/;
/** Tools that list, search or query, by name: their empty answer is a valid "nothing". */
const MANY =
  /(?:^|_)(?:list|lists|search|query|find|all|many|history|logs?|events?|entries|recent|changes|diff|matches|related|children|members|status)(?:_|$)/;

/** The tool lists, searches or queries, by its name: finding nothing is a valid answer. */
export function listsMany(tool: string | null | undefined): boolean {
  return !!tool && MANY.test(toolBaseName(tool));
}

/** The tool asks for many, by its name: it lists, or its last word is a plural noun ("getFormResponses"). */
export function asksForMany(tool: string | null | undefined): boolean {
  if (!tool) return false;
  const noun = toolBaseName(tool).split("_").pop() ?? "";
  return listsMany(tool) || (noun.endsWith("s") && !/(?:ss|us|is)$/.test(noun));
}

/** The tool fetches one thing by its name or id (a singular noun after a lookup verb). */
export function looksUpOne(tool: string | null | undefined): boolean {
  if (!tool) return false;
  const snake = toolBaseName(tool);
  if (!LOOKUP_VERB.test(snake) || MANY.test(snake)) return false;
  const noun = snake.split("_").pop() ?? "";
  if (WHOLE.test(noun)) return false;
  // A plural noun asks for many ("get_users", "get_issues"); "status", "address", "class" are not plurals.
  return !(noun.endsWith("s") && !/(?:ss|us|is)$/.test(noun));
}

/**
 * An empty structure: null, [], {}, or an object whose values are all empty structures (bounded in
 * depth). Keys in `aside` are not looked at (an identity answer's GraphQL `errors`).
 */
export function isEmptyStructure(
  document: unknown,
  aside: ReadonlySet<string> = new Set(),
  depth = 0,
): boolean {
  if (document === null || document === undefined) return true;
  if (Array.isArray(document)) return document.length === 0;
  if (!isObject(document) || depth >= MAX_JSON_DEPTH) return false;
  return Object.entries(document).every(
    ([key, value]) => aside.has(key) || isEmptyStructure(value, aside, depth + 1),
  );
}

/** Members that hold a collection or an envelope's parts, whatever their number. */
const COLLECTION_KEYS =
  /^(?:data|list|content|contents|output|result|response|body|text|value|payload|meta|metadata|error|errors|next|cursor|page|info|extra)$/i;

/**
 * A record whose every field is empty ({"province": [], "city": [], "district": []}): three or
 * more members, each named in the singular (a record's fields, not a listing's collections), none
 * with a value — the thing asked for was not resolved. A listing names its collections in the
 * plural ({"entities": [], "relations": []}) or carries a count.
 */
export function isBlankRecord(document: unknown): boolean {
  if (!isObject(document)) return false;
  const keys = Object.keys(document);
  if (keys.length < 3 || keys.length > 40) return false;
  return (
    keys.every((key) => !COLLECTION_KEYS.test(key) && !(/s$/i.test(key) && !/(?:ss|us|is)$/i.test(key))) &&
    isEmptyStructure(document)
  );
}

/**
 * A short answer saying the one thing the call named was not found: "No flight data found for the
 * specified flight number." — "the specified/given/requested …" names what was asked for (a search
 * that found nothing says "No results found for 'x'", or "… for the given criteria", and is empty).
 */
export function notFoundForNamed(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length <= 200 &&
    /^no [\w -]{1,60}? (?:was |were )?found for (?:the |this )?(?:specified|given|provided|requested|supplied) (?!(?:search )?(?:criteria|filters?|query|queries|terms?|keywords?|parameters|conditions)\b)[\w -]{1,60}\.?$/i.test(
      trimmed,
    )
  );
}

/**
 * A lookup of one thing answering that none has the key it was given: get_person's "No person found with
 * distinct_id: user_0000-deleted", "No order found with id 5". Only for a tool that fetches one thing by its
 * name (a search's "No results found for 'x'" found nothing).
 */
export function notFoundByKey(tool: string | null | undefined, text: string): boolean {
  // Advice to search differently says the tool searched ("No libraries found for \"Zorblax\". Try a different
  // search term."): a search that found nothing, whatever its name says.
  if (!looksUpOne(tool) || text.length > 600 || ASKS_ANOTHER_SEARCH.test(text)) return false;
  // Its first sentence, after an emoji ("❌ No notes found matching \"Gardening plan\". Consider …").
  const first = text
    .trim()
    .replace(/^[^\p{L}]{1,8}/u, "")
    .split(/(?<=[.!])\s+/)[0]!;
  return (
    first.length <= 200 &&
    (/^no [\w -]{1,40}? (?:was |were )?found (?:with|for|by|matching) (?:the )?(?:[\w-]+ )?(?:ids?|key|name|e-?mail|slug|handle|username|uuid|sku|number|code|isbn|issn|doi|asin|ean|upc|gtin|ticker|symbol|[a-z]+_id|[a-z]+Id)\b[ \t]*[:=]?[ \t]*['"`]?[^\s'"`.][^\s'"`]{0,119}['"`]?\.?$/i.test(
      first,
    ) ||
      // …or the name it was given, quoted: "No notes found matching \"Gardening plan\"."
      /^no [\w -]{1,40}? (?:was |were )?found (?:with|for|by|matching|named|called) (?:the name )?["'“‘][^"'”’\n]{1,120}["'”’]\.?$/i.test(
        first,
      ))
  );
}

const ASKS_ANOTHER_SEARCH =
  /\b(?:try|use) (?:a |an )?(?:different|another|other|broader|new) (?:search )?(?:terms?|query|queries|keywords?|search(?:es)?|spelling)\b/i;

/**
 * A lookup whose answer names what was asked and holds nothing under that name: get_problem_solution
 * answering {"topicId": "99999999", "solution": null}. The other members are scalars (the ids it echoes);
 * a member under any other name, or a list beside it, is an answer with parts.
 */
export function answersAskedNull(tool: string | null | undefined, document: unknown): boolean {
  if (!tool || !looksUpOne(tool) || !isObject(document)) return false;
  const noun = toolBaseName(tool).split("_").pop() ?? "";
  const entries = Object.entries(document);
  if (entries.length < 2 || entries.length > 4) return false;
  const asked = entries.filter(([key]) => snakeCase(key) === noun);
  return (
    asked.length === 1 &&
    isEmptyStructure(asked[0]![1]) &&
    entries.every(([key, value]) => snakeCase(key) === noun || (value !== null && typeof value !== "object"))
  );
}

/**
 * A text saying the register holds none of something for the thing it names ("No insolvency history is
 * recorded for this company.", "No charges registered against this company"): the thing was found, and
 * what was asked about it is empty — not a lookup that failed.
 */
export function recordsNoneFor(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length <= 160 &&
    /^no [\w -]{1,60}? (?:(?:is|are|was|were|has been|have been) )?(?:recorded|registered|filed|listed|held|on (?:file|record)) (?:for|against|on|under|with|by) (?:this|the|that) [\w -]{1,40}\.?$/i.test(
      trimmed,
    )
  );
}

/**
 * The tool's own verdict that the one thing it was given is not there: {"found": false, "message": "The
 * transaction ID 9GS80322PR4183417 was not found …"} — an id the caller named, not a search that found nothing.
 */
export function reportsNamedMissing(document: unknown): boolean {
  if (!isObject(document) || (document.found !== false && document.exists !== false)) return false;
  const message = [document.message, document.detail, document.note].find(
    (value) => typeof value === "string",
  );
  return (
    typeof message === "string" &&
    /\b(?:ids?|identifier|number|key|code|reference|handle|slug|uuid|sku)\s+['"`]?[A-Za-z0-9][\w.:-]{2,80}['"`]?\s+(?:was|is|could)\s+not\s+(?:be\s+)?found\b/i.test(
      message.slice(0, 600),
    )
  );
}

/** A lookup's answer, in words or as its own verdict, that the one thing it was given is not there. */
export function saysNamedMissing(
  tool: string | null | undefined,
  text: string,
  documents: unknown[],
): boolean {
  return notFoundForNamed(text) || notFoundByKey(tool, text) || documents.some(reportsNamedMissing);
}
