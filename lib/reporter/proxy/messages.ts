// JSON-RPC as the proxy reads it, from a line or an SSE event it was given a copy of: one
// message or a batch, each a request (method and id), a notification (method, no id) or a
// response (id and result or error). Anything else is not a message and is ignored.

export interface RpcMessage {
  id?: unknown;
  method?: unknown;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: unknown;
}

/** The most messages read from one batch; the rest of a larger batch is relayed, not read. */
export const MAX_BATCH = 10_000;

/** The messages in a parsed line: a batch's objects, or the one object. */
export function messagesIn(value: unknown): RpcMessage[] {
  const items = Array.isArray(value) ? value.slice(0, MAX_BATCH) : [value];
  return items.filter(
    (item): item is RpcMessage => typeof item === "object" && item !== null && !Array.isArray(item),
  );
}

/** Parses a line or an event's data; undefined when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A JSON-RPC id as a key (a string id "1" and a number id 1 are different requests). */
export function idKey(id: unknown): string | undefined {
  if (typeof id === "number" && Number.isFinite(id)) return `n${id}`;
  if (typeof id === "string" && id.length <= 1024) return `s${id}`;
  return undefined;
}

export function isRequest(message: RpcMessage): boolean {
  return typeof message.method === "string" && idKey(message.id) !== undefined;
}

export function isResponse(message: RpcMessage): boolean {
  return (
    message.method === undefined &&
    idKey(message.id) !== undefined &&
    ("result" in message || "error" in message)
  );
}

/**
 * The id of a response too large to read, from its first or last bytes: a server writes
 * `{"jsonrpc":"2.0","id":7,…` (Python's SDK and most others) or `{…,"jsonrpc":"2.0","id":7}`
 * (the TypeScript SDK). Undefined when neither edge says.
 */
export function idAtEdges(head: Buffer, tail: Buffer, cut: boolean): string | undefined {
  const start = cut
    ? undefined
    : /^\s*\{\s*"jsonrpc"\s*:\s*"2\.0"\s*,\s*"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*,/.exec(
        head.toString("utf8"),
      );
  const end = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,200}")\s*\}\s*$/.exec(tail.toString("utf8"));
  const raw = start?.[1] ?? end?.[1];
  if (raw === undefined) return undefined;
  return idKey(parseJson(raw));
}
