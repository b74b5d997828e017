// A bounded copy of a JSON value the other end sent (an MCP server's answer), so that what the
// reporter keeps per call — and sends — stays small whatever the server sent: a 30 MB text, a
// hundred thousand content blocks, structuredContent nested thousands deep.
//
// Faultline keeps 512 characters of a call's text and reads only the first 4,096 for its
// patterns, and it refuses a response that nests deeper than 64 levels; a copy of at most
// 64 KiB, no string beyond 16 KiB, no deeper than 64 levels keeps everything it reads of an
// ordinary answer and all of a normal one. How a large one is cut:
// - an object's plain fields come first, so a huge `content` cannot crowd out the `isError`
//   beside it; its nested values then share what is left, each its fair part of it (what one
//   leaves over goes to the next), so `content` cannot starve `structuredContent` either;
// - a list keeps its beginning (never an empty {} or [] standing for one that was not empty:
//   Faultline would read it as an empty answer);
// - a long string is sliced, never walked, so the work follows the budget, not the size of
//   the value (only an object's key list is taken whole). Recursion goes no deeper than
//   maxDepth, so no nesting can overflow the stack.
//
// The trade-off: a text longer than 16 KiB arrives cut, so Faultline sees its beginning (all
// it stores anyway) and counts its length as cut; a JSON document inside such a text no
// longer parses as one.

export interface JsonBounds {
  /** The serialized size of the copy, in characters (escapes included). */
  maxChars: number;
  maxStringChars: number;
  /** Levels of arrays/objects, the value itself being level 1 (the webhook's nestingDepth). */
  maxDepth: number;
}

export const RESPONSE_BOUNDS: JsonBounds = { maxChars: 64 * 1024, maxStringChars: 16 * 1024, maxDepth: 64 };

const MAX_KEY_CHARS = 256;
/** What stands for a value nested deeper than maxDepth (a string adds no level). */
const DEEPER = "[nested deeper than the reporter keeps]";
/** A nested value given less than this is left out rather than kept as a misleading empty one. */
const MIN_SHARE = 16;
/** The least a nested value is given when there is room for it at all. */
const FAIR_SHARE = 1024;

interface Budget {
  left: number;
}

interface Copied {
  copied: Record<string, unknown> | unknown[];
  /** The source had something in it (so an empty copy is a cut, not the truth). */
  sawKey: boolean;
}

export function boundedCopy(value: unknown, bounds: JsonBounds = RESPONSE_BOUNDS): unknown {
  return copy(value, 1, { left: bounds.maxChars }, bounds);
}

/** The copy of `value` (a container of it being at `level`), charged to `budget`; undefined to leave it out. */
function copy(value: unknown, level: number, budget: Budget, bounds: JsonBounds): unknown {
  if (typeof value === "string") return copyString(value, budget, bounds);
  if (typeof value === "number") {
    budget.left -= 8;
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value === "boolean" || value === null) {
    budget.left -= 5;
    return value;
  }
  if (typeof value !== "object" || budget.left < MIN_SHARE) return undefined;
  if (level > bounds.maxDepth) {
    // Said, rather than left out: an object left empty by the cut would read as an empty answer.
    budget.left -= DEEPER.length + 2;
    return DEEPER;
  }
  budget.left -= 2;
  const { copied, sawKey } = Array.isArray(value)
    ? { copied: copyList(value, level, budget, bounds), sawKey: value.length > 0 }
    : copyObject(value, level, budget, bounds);
  const empty = Array.isArray(copied) ? copied.length === 0 : Object.keys(copied).length === 0;
  // An empty {} or [] standing for one that was not empty would read as an empty answer.
  return level > 1 && empty && sawKey ? undefined : copied;
}

function copyString(text: string, budget: Budget, bounds: JsonBounds): string {
  const room = budget.left - 2; // the quotes
  let cut = cutString(text, Math.min(bounds.maxStringChars, room));
  let size = JSON.stringify(cut).length - 2;
  // Escapes can make one character six ("\u0001"): cut in proportion until the budget holds,
  // and at worst to a sixth of it.
  for (let tries = 0; size > room && tries < 3; tries++) {
    cut = cutString(cut, Math.floor((cut.length * room) / size));
    size = JSON.stringify(cut).length - 2;
  }
  if (size > room)
    size = JSON.stringify((cut = cutString(text, Math.floor(Math.max(0, room) / 6)))).length - 2;
  budget.left -= size + 2;
  return cut;
}

function copyList(list: unknown[], level: number, budget: Budget, bounds: JsonBounds): unknown[] {
  const copied: unknown[] = [];
  for (let index = 0; index < list.length && budget.left > 0; index++) {
    const item = copy(list[index], level + 1, budget, bounds);
    // A list keeps its beginning: past the first item left out, the rest is cut.
    if (item === undefined && isContainer(list[index])) break;
    copied.push(item ?? null);
    budget.left -= 1;
  }
  return copied;
}

function copyObject(object: object, level: number, budget: Budget, bounds: JsonBounds): Copied {
  const source = object as Record<string, unknown>;
  const copied: Record<string, unknown> = {};
  const nested: string[] = [];
  let sawKey = false;
  // One pass over the keys (V8 lists them all up front, which is the slow part of a huge object):
  // plain fields are copied, nested values noted for the second part.
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    sawKey = true;
    if (budget.left <= 0) break;
    const inner = source[key];
    if (isContainer(inner)) {
      if (nested.length < bounds.maxChars / MIN_SHARE) nested.push(key);
      continue;
    }
    const name = cutString(key, MAX_KEY_CHARS);
    budget.left -= name.length + 4;
    const value = copy(inner, level + 1, budget, bounds);
    if (value !== undefined) copied[name] = value;
  }
  for (let index = 0; index < nested.length && budget.left >= MIN_SHARE; index++) {
    const key = nested[index]!;
    const name = cutString(key, MAX_KEY_CHARS);
    const room = budget.left - name.length - 4;
    // A fair part of what is left, but one worth having: of a million nested values, the first few get some.
    const share: Budget = {
      left: Math.min(room, Math.max(Math.floor(room / (nested.length - index)), FAIR_SHARE)),
    };
    const start = share.left;
    const value = copy(source[key], level + 1, share, bounds);
    // Charged even when left out: the work was done, and the shares never add up to more than there is.
    budget.left -= start - share.left + name.length + 4;
    if (value !== undefined) copied[name] = value;
  }
  return { copied, sawKey };
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

/** At most `max` characters, never ending on half a surrogate pair. */
function cutString(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = Math.max(0, max);
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}
