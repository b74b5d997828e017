import {
  categoryFromCode,
  categoryFromJsonRpcCode,
  categoryOfFailure,
  type FailureEvidence,
} from "./categories";
import { errorCodeOf, evidenceInText, retryHintInText } from "./evidence";
import { metadataSources, readMetadata } from "./metadata";
import type { Category } from "./types";

// The one reader of a failure: what its payload says of itself (metadata), then what its words
// carry (codes, a quoted status, a retry hint) and mean. Every channel is read the same way —
// a tool's isError result, a JSON-RPC error's message and data, and (through the same evidence
// and categoryOfFailure) a success that is a silent failure — so a server that follows the
// specification is classified at least as well as one that forgets isError.

export interface FailureInput {
  /** What the agent saw: the result's text, or the JSON-RPC error's message. */
  text: string;
  /** structuredContent of a result, or a JSON-RPC error's data: metadata lives there first. */
  structured?: unknown;
  /** The JSON-RPC error code of the protocol channel (the words refine a generic one). */
  rpcCode?: number;
  /** The text reports an exception (a class name, a trace): internal when nothing else says. */
  reportsException?: boolean;
  /** What the tool threw, when the server said (its class and code; the agent saw only the text). */
  thrown?: { name?: string | null; code?: string | number | null } | null;
}

export interface FailureVerdict {
  category: Category;
  errorCode?: string;
  /** Explicit: the payload said whether a retry can help (metadata, a Retry-After). */
  retryable?: boolean;
  /** The error code was read from the words only: no field (metadata, the JSON-RPC code, the thrown error's code) carried it. */
  codeInProse: boolean;
}

/** -32700, -32600 and -32601 say exactly what went wrong; other codes are refined by the words. */
function decidingRpcCategory(rpcCode: number | undefined): Category | undefined {
  return rpcCode === -32700 || rpcCode === -32600 || rpcCode === -32601
    ? categoryFromJsonRpcCode(rpcCode, "")
    : undefined;
}

/** A thrown error's own code, when it is a machine code ("ENOENT", "ERR_INVALID_ARG", "lead_locked"), not a number. */
function thrownCode(thrown: FailureInput["thrown"]): string | undefined {
  const code = typeof thrown?.code === "string" ? thrown.code.trim() : "";
  return /^[A-Za-z][\w.-]{1,80}$/.test(code) ? code : undefined;
}

/** What an exception's class says ("RateLimitError", "NotFoundException", "PermissionDenied"), if anything. */
function categoryOfClass(name: string | null | undefined): Category | undefined {
  const base = (name ?? "").replace(/(?:Error|Exception)$/, "");
  if (!base) return undefined;
  const snake = base.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
  return categoryFromCode(snake) ?? (/(?:^|_)not_?found$/.test(snake) ? "validation" : undefined);
}

export function readFailure(input: FailureInput): FailureVerdict {
  const meta = readMetadata(metadataSources(input.structured, input.text));
  const fromText = evidenceInText(input.text, input.reportsException || !!input.thrown);
  const thrown = thrownCode(input.thrown);
  const metaNumber = meta.code !== undefined && /^-?\d+$/.test(meta.code) ? Number(meta.code) : undefined;
  const evidence: FailureEvidence = {
    ...fromText,
    namedCode: (metaNumber === undefined ? meta.code : undefined) ?? thrown ?? fromText.namedCode,
    httpStatus:
      metaNumber !== undefined && metaNumber >= 400 && metaNumber <= 599 ? metaNumber : fromText.httpStatus,
    rpcCode: input.rpcCode ?? (metaNumber !== undefined && metaNumber < 0 ? metaNumber : fromText.rpcCode),
  };
  // An exception's class is a weak hint: the words and codes come first, "internal" (any throw) last.
  const fromWords = categoryOfFailure(input.text, { ...evidence, reportsException: false });
  const category =
    meta.category ??
    decidingRpcCategory(evidence.rpcCode) ??
    fromWords ??
    categoryOfClass(input.thrown?.name) ??
    (evidence.reportsException ? "internal" : undefined) ??
    "unknown";
  const errorCode = errorCodeOf(evidence) ?? meta.code;
  const carried = [
    meta.code,
    thrown,
    input.rpcCode === undefined ? undefined : String(input.rpcCode),
    metaNumber === undefined ? undefined : `http_${metaNumber}`,
  ];
  return {
    category,
    errorCode,
    retryable: meta.retryable ?? retryHintInText(input.text),
    codeInProse: errorCode !== undefined && !carried.includes(errorCode),
  };
}
