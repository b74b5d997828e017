import { isObject } from "./json";

// Silent failures of computation: a tool asked for a number, a date or a value answers with
// JavaScript's markers of having none — NaN, Invalid Date, undefined — as the answer itself.
// Only the answer: a short text that is the marker (with at most a label: "Result: NaN"), or a
// small JSON object whose answer field is. A table or a long text that merely holds a NaN cell
// is data (a statistics tool's missing values), never read here.

const MARKER = "(?:NaN|Invalid Date|undefined|-?Infinity)";
/**
 * The words before an answer: "Result: ", "sum = ", "The answer is ", "The timestamp of next tuesday
 * (parsed as UTC) is " — a short sentence that ends by saying what the value is.
 */
const LABEL =
  /^(?:[^\n:=]{0,60}(?::|=)[ \t]*|(?:the )?(?:result|answer|value|total|sum|output|date|time)s? (?:is|was)[ \t]+)/i;
/** A sentence that ends by giving a number or a date — for NaN, Infinity, Invalid Date (not "undefined", a word). */
const SENTENCE = /^[^\n]{0,100}\b(?:is|was|are|were|equals)[ \t]+/i;
const NUMBER_MARKER = /^["'`]?(?:NaN|Invalid Date|-?Infinity)["'`]?(?: [a-z]{1,12})?\.?$/;
/** The marker itself, as JavaScript prints it (case matters: "nan" is a word), and at most a unit after it. */
const ANSWER_IS_MARKER = new RegExp(`^["'\`]?${MARKER}["'\`]?(?: [a-z]{1,12})?\\.?$`);
const ANSWER_KEYS =
  /^(?:result|answer|value|output|total|sum|date|time|datetime|timestamp|converted|amount)$/i;

const IS_MARKER = new RegExp(`^${MARKER}$`);
/** A time series sample as query APIs write it: [timestamp, "value"] (Prometheus, Loki, Thanos). */
const isSample = (value: unknown): value is [number, string] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && typeof value[1] === "string";

/** The answer is NaN, Invalid Date or undefined (never null: an absent value may be the answer). */
export function answersNoValue(text: string, documents: unknown[]): boolean {
  const head = text.length > 4096 ? text.slice(0, 4096) : text;
  if (!["NaN", "Invalid Date", "undefined", "Infinity"].some((marker) => head.includes(marker))) return false;
  const trimmed = text.trim();
  if (trimmed.length <= 120 && !trimmed.includes("\n")) {
    if (ANSWER_IS_MARKER.test(trimmed) || ANSWER_IS_MARKER.test(trimmed.replace(LABEL, ""))) return true;
    if (NUMBER_MARKER.test(trimmed.replace(SENTENCE, ""))) return true;
  }
  return documents.some((document) => {
    if (!isObject(document)) return false;
    const small =
      Object.keys(document).length <= 4 &&
      Object.entries(document).some(
        ([key, value]) => ANSWER_KEYS.test(key) && typeof value === "string" && IS_MARKER.test(value),
      );
    return small || everySampleIsNaN(document);
  });
}

/** A link or id built from a value that was undefined: "…/browse/undefined", "?id=undefined". */
const UNDEFINED_IN_URL =
  /^https?:\/\/\S{0,300}(?:\/undefined(?:[/?#]|$)|[?&][\w-]{1,40}=undefined(?:&|$)|[a-z]undefined$)/;

/** An answer (a small object) whose link was built from an undefined value: the tool lost what it was asked for. */
export function linksToUndefined(documents: unknown[]): boolean {
  return documents.some(
    (document) =>
      isObject(document) &&
      Object.keys(document).length <= 8 &&
      Object.values(document).some(
        (value) => typeof value === "string" && value.includes("undefined") && UNDEFINED_IN_URL.test(value),
      ),
  );
}

/** A query answer whose every sample is NaN ({"result":[{"value":[t,"NaN"]}]}): no number at all. */
function everySampleIsNaN(document: Record<string, unknown>): boolean {
  const result = document.result ?? (isObject(document.data) ? document.data.result : undefined);
  if (!Array.isArray(result) || result.length === 0 || result.length > 1000) return false;
  const samples = result.flatMap((series) =>
    isObject(series)
      ? isSample(series.value)
        ? [series.value]
        : Array.isArray(series.values)
          ? series.values.filter(isSample)
          : []
      : [],
  );
  return samples.length > 0 && samples.every(([, value]) => value === "NaN");
}

/**
 * A generation tool's answer that says itself nothing was made — "Note: No image was generated. The model
 * may have returned only text." under a heading that claims it was: the call did not do its work. A
 * line of its own (after a label or an emoji at most), in the first 4 KiB; never a sentence quoted
 * inside data.
 */
export function saysNothingGenerated(text: string): boolean {
  const head = text.length > 4096 ? text.slice(0, 4096) : text;
  return NOTHING_GENERATED.test(head) || (text.length <= 200 && MODEL_SAID_NOTHING.test(text));
}

/** The whole answer of a tool that asks a model: "No response from model.", "The model returned an empty response". */
const MODEL_SAID_NOTHING =
  /^\s*(?:no (?:response|answer|content|output|completion) (?:(?:was )?(?:returned |received |generated )?(?:from|by) )(?:the )?(?:model|llm|assistant|ai)|(?:the )?(?:model|llm|assistant) (?:returned|gave|sent) (?:no|an empty) (?:response|answer|content|output|completion))[.!]?\s*$/i;

const NOTHING_GENERATED =
  /^[ \t]*(?:[^\p{L}\p{N}\n]{1,8}[ \t]*)?(?:(?:note|warning|notice|result)[ \t]*:[ \t]*)?no (?:images?|audio|videos?|speech|music|media|files?) (?:was|were) (?:generated|created|produced|rendered)\b/imu;

/**
 * An audit whose every score is none: {"scores": {"performance": {"title": "Performance", "score": null}}} —
 * Lighthouse's categories are null only when the page never loaded (an error page, a certificate refused, a
 * host gone), and a server that drops its error report answers so. A score of 0 is a score; one null among
 * numbers is an audit that does not apply; a list of records with null scores is data.
 */
export function scoredNothing(documents: unknown[]): boolean {
  return documents.some((document) => {
    if (!isObject(document) || !isObject(document.scores)) return false;
    const scores = Object.values(document.scores);
    return (
      scores.length > 0 &&
      scores.length <= 50 &&
      scores.every((score) => score === null || (isObject(score) && "score" in score && score.score === null))
    );
  });
}
