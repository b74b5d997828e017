import { categoryFromJsonRpcCode, categoryOfFailure, type FailureEvidence } from "./categories";
import { grpcNameOf } from "./codes";
import { errorCodeOf, evidenceInText, isVagueCode, retryHintInText } from "./evidence";
import { metadataSources, readMetadata } from "./metadata";
import type { Category } from "./types";

// The one reader of a failure: what its payload says of itself (metadata), then what its words
// carry (codes, a quoted status, a retry hint) and mean — what the agent saw, and only that: what
// a server knows besides (the class a tool threw, its own code) is kept beside the call and shown,
// never a reason for another verdict, so a call gets the same verdict through every route. Every channel is read the same way —
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
}

export interface FailureVerdict {
  category: Category;
  errorCode?: string;
  /** Explicit: the payload said whether a retry can help (metadata, a Retry-After). */
  retryable?: boolean;
  /** The error code was read from the words only: no field (metadata, the JSON-RPC code) carried it. */
  codeInProse: boolean;
}

/**
 * -32700 and -32601 say exactly what went wrong; other codes are refined by the words. -32600 (Invalid
 * Request) is read with its words by categoryOfFailure: servers answer every upstream failure with it
 * ("MCP error -32600: Access denied: Rate Limit Exceeded", "… An internal error occurred").
 */
function decidingRpcCategory(evidence: FailureEvidence): Category | undefined {
  const rpcCode = evidence.rpcCode;
  if (rpcCode === -32700 || rpcCode === -32601) return categoryFromJsonRpcCode(rpcCode, "");
  return undefined;
}

const RETRY_CANNOT_HELP: ReadonlySet<string> = new Set(["validation", "auth", "permission", "unknown_tool"]);

export function readFailure(input: FailureInput): FailureVerdict {
  const meta = readMetadata(metadataSources(input.structured, input.text));
  const fromText = evidenceInText(input.text, input.reportsException);
  const metaNumber = meta.code !== undefined && /^-?\d+$/.test(meta.code) ? Number(meta.code) : undefined;
  // A vague code in the payload ("invalid") says less than a status the same failure quotes.
  const vagueMeta = metaNumber === undefined && meta.code !== undefined && isVagueCode(meta.code);
  // An API's own number in the payload (10007, eBay's 25710), neither a status nor JSON-RPC's nor gRPC's.
  const vendorNumber =
    metaNumber !== undefined &&
    Math.abs(metaNumber) >= 100 &&
    !(metaNumber >= 100 && metaNumber <= 599) &&
    !(metaNumber <= -32000 && metaNumber >= -32768) &&
    grpcNameOf(metaNumber, input.text) === undefined
      ? meta.code
      : undefined;
  const evidence: FailureEvidence = {
    ...fromText,
    namedCode:
      (metaNumber === undefined
        ? vagueMeta
          ? undefined
          : meta.code
        : (grpcNameOf(metaNumber, input.text) ?? vendorNumber)) ?? fromText.namedCode,
    vagueCode: fromText.vagueCode ?? (vagueMeta ? meta.code : undefined),
    httpStatus:
      metaNumber !== undefined && metaNumber >= 400 && metaNumber <= 599
        ? metaNumber
        : (meta.status ?? fromText.httpStatus),
    // -32603 around a more specific code its message quotes ("MCP error -32602: …") failed with that one.
    rpcCode:
      input.rpcCode === -32603 && fromText.rpcCode !== undefined
        ? fromText.rpcCode
        : (input.rpcCode ?? (metaNumber !== undefined && metaNumber < 0 ? metaNumber : fromText.rpcCode)),
  };
  // A text that reports an exception is internal only when nothing else says what went wrong.
  const fromWords = categoryOfFailure(input.text, { ...evidence, reportsException: false });
  const category =
    meta.category ??
    decidingRpcCategory(evidence) ??
    fromWords ??
    (evidence.reportsException ? "internal" : undefined) ??
    "unknown";
  // A gRPC number is stored as written ("9"), its name only read for the category.
  const grpcName = grpcNameOf(metaNumber, input.text);
  const grpc = grpcName !== undefined && evidence.namedCode === grpcName;
  // A JSON-RPC error relayed whole (a proxy quoting its upstream's {"jsonrpc": "2.0", "error": {"code":
  // -32008, …}}): the upstream's own code, over the status it came with and the proxy's wrapper.
  const relayed = meta.relayedRpc === true && meta.code !== "-32603" ? meta.code : undefined;
  // A server's own JSON-RPC code carried in a field of the result ({"error": "API error: 403 Forbidden", "code":
  // -32000}, structuredContent.error.code -32003 or -32602): the contract's code member, over a status its words
  // quote. Not -32603, the generic code the words refine.
  const ownServerCode =
    input.rpcCode === undefined &&
    metaNumber !== undefined &&
    metaNumber <= -32000 &&
    metaNumber >= -32768 &&
    metaNumber !== -32603
      ? meta.code
      : undefined;
  const errorCode = relayed ?? ownServerCode ?? (grpc ? meta.code : errorCodeOf(evidence)) ?? meta.code;
  const carried = [
    meta.code,
    input.rpcCode === undefined ? undefined : String(input.rpcCode),
    metaNumber === undefined ? undefined : `http_${metaNumber}`,
    meta.status === undefined ? undefined : `http_${meta.status}`,
  ];
  return {
    category,
    errorCode,
    // A Retry-After on a refusal of the caller (bad input, a bad key, no right, no such tool) is the
    // API's habit, not advice: the same call fails again (RFC 9110 gives it to 503, 429 and 3xx).
    retryable: meta.retryable ?? (RETRY_CANNOT_HELP.has(category) ? undefined : retryHintInText(input.text)),
    codeInProse: errorCode !== undefined && !carried.includes(errorCode),
  };
}
