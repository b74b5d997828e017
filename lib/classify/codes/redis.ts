import type { Category } from "../types";

// Redis error prefixes: the first word of an error reply ("WRONGTYPE Operation against a key
// holding the wrong kind of value"). The generic ERR says nothing by itself: its words decide.
// Source: https://redis.io/docs/latest/develop/reference/protocol-spec/#simple-errors

export const REDIS_CODES: Record<string, Category> = {
  wrongtype: "validation",
  noauth: "auth",
  wrongpass: "auth",
  noperm: "permission",
  readonly: "permission",
  loading: "transient",
  busy: "transient",
  oom: "transient",
  moved: "transient",
  ask: "transient",
  tryagain: "transient",
  clusterdown: "transient",
  masterdown: "transient",
  noreplicas: "transient",
  misconf: "internal",
  execabort: "validation",
  noscript: "validation",
  crossslot: "validation",
};

/** The prefix of a Redis error reply that opens a text, as written ("WRONGTYPE"), or undefined. */
export function redisErrorPrefix(text: string): string | undefined {
  const match =
    /^(?:error:?\s+)?(WRONGTYPE|NOAUTH|WRONGPASS|NOPERM|READONLY|LOADING|BUSY|OOM|MOVED|ASK|TRYAGAIN|CLUSTERDOWN|MASTERDOWN|NOREPLICAS|MISCONF|EXECABORT|NOSCRIPT|CROSSSLOT) \S/i.exec(
      text.trimStart(),
    ) ??
    // Quoted by a wrapper: "Failed to list graphs: LOADING Redis is loading the dataset in memory".
    /:[ \t]+(WRONGTYPE|NOAUTH|WRONGPASS|NOPERM|LOADING|OOM|TRYAGAIN|CLUSTERDOWN|MASTERDOWN|NOREPLICAS|MISCONF|NOSCRIPT|CROSSSLOT) [A-Za-z]/.exec(
      text,
    );
  return match?.[1] && match[1] === match[1].toUpperCase() ? match[1] : undefined;
}
