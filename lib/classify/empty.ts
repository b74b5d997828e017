import { MAX_JSON_DEPTH, isObject } from "./json";
import { saysEmpty } from "./says-empty";
import { isPresent } from "./envelopes";
import { asksForMany, listsMany, looksUpOne } from "./lookup";
import { snakeCase, toolBaseName } from "./names";
import { emptyBelowRecord, everyLabelSaysNone, textCountsNothing, verdictLineSaysNone } from "./empty-text";
import { labelledValues } from "./labelled";
import { countsMatches, echoesWindow } from "./listing-keys";

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
  // No content at all: a search that found nothing, but a write that has nothing to say (a delete).
  if (payload.contentBlocks === 0 && !isPresent(payload.structuredContent)) return !writes(payload.tool);
  // Text blocks with nothing in them: a search that found nothing, but a write that has nothing to say.
  if (payload.contentBlocks !== undefined && payload.contentBlocks > 0 && payload.text.trim() === "")
    return !writes(payload.tool);
  if (
    documents.length > 0 &&
    documents.every((document) => isEmptyDocument(document) || isEmptyEnvelope(document))
  )
    // A write acknowledged with an empty object ("{}" after a delete) has nothing to say; it did not find nothing.
    return !(
      writes(payload.tool) &&
      documents.every((document) => isObject(document) && Object.keys(document).length === 0)
    );
  // A listing that counts nothing beside what it was asked ({"bucket": "b", "object_count": 0,
  // "objects": []}); not for a lookup of one thing, whose own fields are data.
  if (
    documents.length > 0 &&
    documents.every(
      // A lookup's answer that counts none of what it holds ({"busStopCode": "01012", "services": [],
      // "totalServices": 0}) found nothing in that thing.
      (document) =>
        countsNoItems(document) && (!looksUpOne(payload.tool) || (isObject(document) && totalZero(document))),
    )
  )
    return true;
  if (documents.length > 0 && documents.every(answersNothingBeside)) return true;
  if (documents.length === 1 && countsNoRows(documents[0])) return true;
  if (documents.length === 1 && emptyWhereAsked(payload.tool, documents[0])) return true;
  if (documents.length === 1 && listsMany(payload.tool) && onlyDescribesItself(documents[0])) return true;
  return (
    saysEmpty(payload.text) ||
    labelsNothing(payload.text) ||
    textCountsNothing(payload.text) ||
    (asksForMany(payload.tool) && (emptyBelowRecord(payload.text) || verdictLineSaysNone(payload.text))) ||
    (listsMany(payload.tool) && everyLabelSaysNone(payload.text)) ||
    /^\s*"\s*\[\s*\]\s*"\s*$/.test(payload.text)
  );
}

/**
 * The many things the tool asks for, empty under their own name beside the record they belong to:
 * get_alerts answering {"location": {…}, "alerts": {"alert": []}}. Every other member is a scalar or the
 * one record of scalars it belongs to (what was asked about), never a list or a count above zero.
 */
function emptyWhereAsked(tool: string | null | undefined, document: unknown): boolean {
  if (!tool || !asksForMany(tool) || !isObject(document)) return false;
  const noun = toolBaseName(tool).split("_").pop() ?? "";
  const entries = Object.entries(document);
  if (entries.length < 2 || entries.length > 6) return false;
  const asked = entries.filter(([key]) => snakeCase(key) === noun);
  // One record beside it is what was asked about; two ({"owner": …, "team": …}) are an answer with parts.
  const records = entries.filter(([key, value]) => snakeCase(key) !== noun && isObject(value));
  return (
    asked.length === 1 &&
    records.length <= 1 &&
    isEmptyDocument(asked[0]![1]) &&
    entries.every(([key, value]) => {
      if (snakeCase(key) === noun) return true;
      // A count above zero beside it ("object_count": 2, {"totalCount": 4}) says there is data elsewhere.
      if (typeof value === "number") return value === 0 || !isCountKey(key);
      return isObject(value) ? holdsNoList(value) && !countsSomething(value) : !Array.isArray(value);
    })
  );
}

/**
 * A listing's answer with nothing but what kind of answer it is: Google's APIs leave an empty list out of
 * their JSON (proto3), so Search Console's query that matched nothing is {"responseAggregationType":
 * "byProperty"}, a YouTube search's {"kind": "youtube#searchListResponse", "etag": "…"}.
 */
function onlyDescribesItself(document: unknown): boolean {
  if (!isObject(document)) return false;
  const entries = Object.entries(document);
  return (
    entries.length > 0 &&
    entries.length <= 4 &&
    entries.every(
      ([key, value]) => typeof value === "string" && /(?:^|[a-z_])(?:type|kind)$|^etag$/i.test(key),
    )
  );
}

/** A count of what was found or changed, however it is named: "count", "totalCount", "object_count", "rows_affected". */
function isCountKey(key: string): boolean {
  return COUNT_KEY.test(key) || /(?:^|_)(?:count|total)(?:_|$)/.test(snakeCase(key));
}

/** A result set's own count of its rows (not a listing's "count", beside which other records may be the answer). */
const ROW_COUNT_KEY = /^(?:row_?count|rows_?returned|num_?rows|total_?rows|result_?count|results_?count)$/;

/** Where a result set keeps what it found. */
const ROWS_KEY = /^(?:rows|records|results|items|hits|values|data)$/i;

/**
 * A query's result set that counts no rows and holds none, however much it says about itself beside them
 * ({"data": {"rows": [], "cols": [{…}]}, "row_count": 0, "json_query": {…}, "running_time": 184}: Metabase's):
 * a count of its rows of zero at the top, an empty list of rows within two levels, and no list of rows that holds any.
 */
function countsNoRows(document: unknown): boolean {
  if (!isObject(document)) return false;
  const counts = Object.entries(document).filter(
    ([key, value]) => typeof value === "number" && ROW_COUNT_KEY.test(snakeCase(key)),
  );
  if (counts.length === 0 || counts.some(([, value]) => value !== 0)) return false;
  const lists: unknown[][] = [];
  const collect = (value: unknown, depth: number) => {
    if (!isObject(value) || depth > 1) return;
    for (const [key, inner] of Object.entries(value)) {
      if (Array.isArray(inner) && ROWS_KEY.test(key)) lists.push(inner);
      else collect(inner, depth + 1);
    }
  };
  collect(document, 0);
  return lists.length > 0 && lists.every((list) => list.length === 0);
}

/**
 * A listing whose counts are all zero and whose lists are all empty (at least one of each), beside
 * scalars (what was asked: a bucket, a prefix, a time) and metadata. Keys that start with "_"
 * (a UI's hints, private fields) are not the answer. Wrappers ("data", "output") are looked into, two
 * deep at most.
 */
function countsNoItems(value: unknown, depth = 0): boolean {
  if (!isObject(value) || depth > 2) return false;
  // A page past the end ({"profiles": [], "totalCount": 3, "page": 4}): the total counts other pages.
  const pastTheEnd = laterPage(value);
  let zeroCount = false;
  let emptyList = false;
  // One record beside the empty list is what it was asked about ({"channel": {…}, "messages": [],
  // "messageCount": 0}: a channel with no messages), not data found.
  let parent = false;
  // A record with an id of its own whose only zeros are a member's counters ({"id": "…", "name": "handbook",
  // "file_counts": {"total": 0}}: a store just created) is that record, not a listing that found nothing.
  let ownId = false;
  let ownZeros = false;
  // A count of the whole searched beside a count of what matched, which is 0.
  let wholeCounted = false;
  let noneMatched = false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith("_") || inner === null || inner === undefined || typeof inner === "boolean") continue;
    // Advice beside what was found ("suggestions": [{"text": "Try abbreviations …"}]) is not an answer.
    if (ADVICE_KEY.test(key)) continue;
    if (depth === 0 && /^(?:id|uuid)$/i.test(key) && (typeof inner === "string" || typeof inner === "number"))
      ownId = true;
    if (typeof inner === "number") {
      if (isCountKey(key) && !pagingNumber(key)) {
        if (inner !== 0 && !pastTheEnd) wholeCounted = true;
        else zeroCount = ownZeros = true;
        if (inner === 0 && countsMatches(key)) noneMatched = true;
      }
      continue;
    }
    if (typeof inner === "string") continue;
    if (Array.isArray(inner)) {
      if (inner.length > 0 && echoesWindow(key, inner)) continue;
      if (inner.length > 0) return false;
      emptyList = ownZeros = true;
      continue;
    }
    if (countsNoItems(inner, depth + 1)) {
      zeroCount = emptyList = true;
      continue;
    }
    // A wrapped listing that holds nothing beside its own metadata ({"records": {"@odata.context": …, "value": []}}).
    if (isEmptyEnvelope(inner, depth + 1)) {
      emptyList = true;
      continue;
    }
    if (METADATA_KEY.test(key) || ECHO_KEY.test(key) || /[a-z](?:Meta(?:data)?|_meta(?:data)?)$/.test(key)) {
      // Paging beside the answer counts too: {"list": [], "pageInfo": {"totalRows": 0}}.
      // What was asked for ("requested_count": 10, "limit") is not what was found.
      const counts = Object.entries(inner).filter(
        ([name, value]) => typeof value === "number" && isCountKey(name) && !pagingNumber(name),
      );
      if (counts.some(([, value]) => value !== 0)) return false;
      if (counts.length > 0) zeroCount = true;
      continue;
    }
    if (!parent && depth === 0 && isObject(inner) && holdsNoList(inner)) {
      parent = true;
      continue;
    }
    if (isPresent(inner)) return false;
  }
  if ((ownId && !ownZeros) || (wholeCounted && !noneMatched)) return false;
  return zeroCount && (emptyList || totalZero(value));
}

const ASKED_KEY = /(?:^|_)(?:requested|request|limit|max|page_size|per_page)(?:_|$)/;

/** A record of scalars (and small objects of scalars): no collection of its own. */
function holdsNoList(record: Record<string, unknown>): boolean {
  return Object.values(record).every(
    (value) =>
      !Array.isArray(value) &&
      (!isObject(value) || Object.values(value).every((inner) => !isObject(inner) && !Array.isArray(inner))),
  );
}

/** A total of what was found, by name ("total", "totalEntries", "result_count"), that is 0. */
function totalZero(value: Record<string, unknown>): boolean {
  return Object.entries(value).some(([key, inner]) => inner === 0 && TOTAL_KEY.test(snakeCase(key)));
}

const TOTAL_KEY =
  /^(?:(?:total|count)(?:_[a-z]+)?|(?:result|item|entry|entries|record|match|hit|row|file|document|object)s?_(?:count|total))$/;

/** What writes rather than reads, by the tool's first word: its answer with no content is a done, not a nothing. */
function writes(tool: string | null | undefined): boolean {
  if (!tool) return false;
  const words = toolBaseName(tool).split("_");
  // The verb first ("delete_issue"), or last after the service's name ("jira_put").
  return WRITE_VERB.test(words[0] ?? "") || WRITE_VERB.test(words.at(-1) ?? "");
}

const WRITE_VERB =
  /^(?:delete|remove|update|set|create|add|put|patch|post|send|write|move|rename|archive|publish|unpublish|enable|disable|toggle|assign|close|reopen|cancel|stop|start|restart|trigger)$/;

/** Where an envelope carries its answer. */
const ANSWER_KEY = /^(?:data|result|results|items|records|rows|hits|entries|list|documents|objects|values)$/i;

/**
 * An envelope whose one answer member is empty, beside scalars only (a request id, credits used, a
 * status): {"success": true, "data": {"web": []}, "creditsUsed": 2, "id": "0193…"}. A count above
 * zero beside it says there is data.
 */
function answersNothingBeside(document: unknown): boolean {
  if (!isObject(document)) return false;
  const answers = Object.entries(document).filter(([key]) => ANSWER_KEY.test(key));
  const answer = answers[0]?.[1];
  if (answers.length !== 1 || answer === null || !isEmptyDocument(answer, 1)) return false;
  const pastTheEnd = Array.isArray(answer) && laterPage(document);
  return Object.entries(document).every(([key, inner]) => {
    if (ANSWER_KEY.test(key) || ADVICE_KEY.test(key) || inner === null || typeof inner === "boolean")
      return true;
    if (typeof inner === "number") return inner === 0 || pastTheEnd || !isCountKey(key);
    if (typeof inner === "string") return inner.length <= 200;
    if (!isObject(inner)) return false;
    return (
      ((ECHO_KEY.test(key) || METADATA_KEY.test(key)) && !countsSomething(inner)) || describesOnly(inner)
    );
  });
}

/** An object that only describes ({"type": "Array"}): metadata scalars, nothing else. */
function describesOnly(object: Record<string, unknown>): boolean {
  return Object.entries(object).every(
    ([key, inner]) => METADATA_KEY.test(key) && (typeof inner === "string" || typeof inner === "boolean"),
  );
}

function countsSomething(object: Record<string, unknown>): boolean {
  return Object.entries(object).some(
    ([key, inner]) => typeof inner === "number" && inner > 0 && isCountKey(key) && !pagingNumber(key),
  );
}

/** Paging's own numbers ("totalPages": 1, "itemsPerPage": 100): the pages of a listing, not what it found. */
function pagingNumber(key: string): boolean {
  const name = snakeCase(key);
  return /(?:^|_)pages?(?:_|$)/.test(name) || ASKED_KEY.test(name);
}

/**
 * A page past the end of a listing ({"total": 5, "page": 9, "data": []}), or the last page ({"data": [],
 * "total": 2, "hasMore": false}: a server that filtered what it fetched): that page holds nothing, whatever
 * the total counts.
 */
function laterPage(document: Record<string, unknown>): boolean {
  const page = document.page ?? document.currentPage ?? document.current_page;
  return (typeof page === "number" && page > 1) || document.hasMore === false || document.has_more === false;
}

/** Advice a listing gives beside its answer: what to try next, not what was found. */
const ADVICE_KEY = /^(?:suggestions?|hints?|tips?|did_?you_?mean|next_?steps|recommendations)$/i;

/** What a listing echoes of what it was asked, or says of its pages: not the answer. */
const ECHO_KEY =
  /^(?:applied_?filters?|filters?_?applied|input|request|options|page_?info|paging|query_?params|search_?parameters)$/i;

/** What a listing echoes of the request it was sent: its numbers were asked for, not found. */
const REQUEST_ECHO_KEY =
  /^(?:query|q|params|parameters|request|input|options|search_?parameters|query_?params)$/i;

/** A field that says which error happened, set to 0 or "" when none did. */
const NO_ERROR_KEY = /^(?:code|err_?code|error_?code|errno|ret_?code|error)$/i;

/** Counts of what was found or changed: 0 says empty, more says there is data. */
const COUNT_KEY =
  /^(?:count|total|totals|size|length|hits|matches|changes|insertions|deletions|rows|(?:total|result|row|item|record|match|hit|entry|file|commit)s?_?count|(?:rows|records|files|lines)_?(?:affected|changed|updated|deleted|inserted|returned|matched)|affected_?rows|num_?(?:results|rows|items|records)|total_?(?:count|results|rows|items|records|hits|size)|files_?changed)$/i;

/** Fields that describe the answer rather than carry it: status, an echo of the request, paging, a note, column metadata. */
const METADATA_KEY =
  /^(?:@odata\.(?:context|etag|nextlink|deltalink|type|id)|success|ok|status|state|mode|kind|type|object|result_?type|api_?version|metadata|usage|message|msg|note|notes|info|hint|query|q|filter|filters|sort|order|orderby|order_by|page|page_?size|per_?page|limit|offset|cursor|next|next_?cursor|prev|previous|has_?more|more|truncated|took|elapsed|duration|duration_?ms|request_?id|headers|fields|columns|schema|meta|_meta|pagination|links|params|parameters|command|database|table|collection|index|path|url|source|source_?id|sql|statement|statistics|stats|timing|start_?at|start|from|skip|max_?results|generationtime_?ms|timeout|credits|search_?url|request_?url|is_?last|(?:dimension|metric|column|row)_?headers)$/i;

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
      // Metadata or an echo of the request beside the answer, unless it counts something (paging's total; the
      // numbers of the request's own echo are what was asked: {"query": {"title": "…", "rows": 5}}).
      else if (
        !(METADATA_KEY.test(key) || ECHO_KEY.test(key)) ||
        (isObject(inner) && !REQUEST_ECHO_KEY.test(key) && countsSomething(inner))
      )
        return false;
    } else if (typeof inner === "number") {
      // "errorCode": 0, "code": 0: no error, as APIs that always send one say it.
      if (inner === 0 && NO_ERROR_KEY.test(key)) continue;
      if (!COUNT_KEY.test(key) && !isCountKey(key)) {
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

/**
 * Labelled lines each answering nothing: "Context: \nRAG Sources: []", "Monitors: []\nSummary of
 * monitors: {"alert": 0, "ok": 0}" — at least one empty collection, the rest empty or zeros.
 */
function labelsNothing(text: string): boolean {
  const values = labelledValues(text);
  if (!values || !values.some((value) => Array.isArray(value) && value.length === 0)) return false;
  // Paging flags beside it ("issues: []\nisLast: true") say nothing was left out.
  return values.every((value) => isEmptyDocument(value) || allZero(value) || typeof value === "boolean");
}

function allZero(value: unknown): boolean {
  if (!isObject(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every((inner) => inner === 0);
}
