import { codeField, isObject } from "./json";

// A GraphQL response (GraphQL spec, §7.1 Response Format) as a tool passes it back: its errors, whether any
// of its data survived, and a response relayed as one member of a small answer.

/** A GraphQL response has only data, errors and extensions (GraphQL spec, §7.1 Response Format). */
const GRAPHQL_KEYS = new Set(["data", "errors", "extensions"]);

export function graphqlErrors(document: unknown): { code?: string; message: string } | undefined {
  if (!isObject(document) || !Array.isArray(document.errors) || document.errors.length === 0)
    return undefined;
  if (!Object.keys(document).every((key) => GRAPHQL_KEYS.has(key))) return undefined;
  const errors = document.errors.filter(isObject);
  if (errors.length === 0 || !errors.every((error) => typeof error.message === "string")) return undefined;
  const first = errors[0];
  const extensions = isObject(first?.extensions) ? first.extensions : undefined;
  return {
    code: codeField(extensions, "code", "errorCode") ?? codeField(first, "code", "type"),
    message: errors.map((error) => String(error.message)).join("\n"),
  };
}

/**
 * A document, and a GraphQL response it relays beside the names it echoes ({"username": "x", "submissions":
 * {"errors": […], "data": {…: null}}}): a small object whose other members are scalars.
 */
export function withRelayedGraphql(document: unknown): unknown[] {
  if (!isObject(document)) return [document];
  const members = Object.values(document);
  if (members.length > 4) return [document];
  const relayed = members.filter((value) => graphqlErrors(value) !== undefined);
  const scalars = members.every(
    (value) => relayed.includes(value) || !(isObject(value) || Array.isArray(value)),
  );
  return relayed.length === 1 && scalars ? [document, relayed[0]] : [document];
}

/** True when some top-level field of `data` survived (GraphQL nulls fields that errored). */
export function graphqlHasData(document: unknown): boolean {
  if (!isObject(document) || !isObject(document.data)) return false;
  return Object.values(document.data).some((value) => value !== null && value !== undefined);
}
