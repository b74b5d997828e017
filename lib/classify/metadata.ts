import { categoryFromExplicit } from "./categories";
import { booleanField, codeField, isObject, parseJsonText, type JsonObject } from "./json";
import type { Category } from "./types";

// Machine-readable error metadata a server may attach: in structuredContent, in a JSON
// text block, or in a JSON-RPC error's data. Each source is an object we search in order.

export interface ErrorMetadata {
  code?: string;
  category?: Category;
  retryable?: boolean;
}

const CODE_KEYS = ["code", "errorCode", "error_code"];
const CATEGORY_KEYS = ["errorCategory", "error_category", "category"];
const RETRYABLE_KEYS = ["isRetryable", "retryable", "retriable", "is_retryable"];

/** The objects where metadata may live, most authoritative first. */
export function metadataSources(structuredContent: unknown, text: string): JsonObject[] {
  const sources: JsonObject[] = [];
  const add = (value: unknown) => {
    if (!isObject(value)) return;
    if (isObject(value.error)) sources.push(value.error);
    sources.push(value);
    // An API's error envelope lists its errors: {"success": false, "errors": [{"code": 10007, …}]}.
    if (Array.isArray(value.errors) && isObject(value.errors[0]) && value.success === false) {
      sources.push(value.errors[0]);
    }
  };
  add(structuredContent);
  add(parseJsonText(text) ?? trailingDocument(text));
  return sources;
}

/** Failure texts whose JSON details are read; longer ones are read as words only. */
const TRAILING_DOCUMENT_CHARS = 16_384;

/**
 * The JSON document a failure's words end with — "Error: Failed to get worker: {…}", "… Body:
 * {…}" —: the text from its first "{", when a colon comes just before it and the rest is one
 * JSON object. One parse at most.
 */
function trailingDocument(text: string): unknown {
  if (text.length > TRAILING_DOCUMENT_CHARS) return undefined;
  const start = text.indexOf("{");
  if (start < 1 || !/:\s*$/.test(text.slice(Math.max(0, start - 4), start))) return undefined;
  const parsed = parseJsonText(text.slice(start).trim());
  return isObject(parsed) ? parsed : undefined;
}

export function readMetadata(sources: JsonObject[]): ErrorMetadata {
  const metadata: ErrorMetadata = {};
  for (const source of sources) {
    metadata.code ??= codeField(source, ...CODE_KEYS);
    metadata.category ??= CATEGORY_KEYS.map((key) => categoryFromExplicit(source[key])).find(Boolean);
    metadata.retryable ??= booleanField(source, ...RETRYABLE_KEYS);
  }
  return metadata;
}
