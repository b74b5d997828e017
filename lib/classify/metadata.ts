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
  };
  add(structuredContent);
  add(parseJsonText(text));
  return sources;
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
