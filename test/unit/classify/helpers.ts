import { classify, type CallReport, type Classification, type Flag } from "@/lib/classify";
import { textResult } from "../../fixtures/jsonrpc";

export { result, rpcError, textResult } from "../../fixtures/jsonrpc";

export interface Case {
  name: string;
  report: Partial<CallReport>;
  expect: Partial<Omit<Classification, "flags">> & { flags?: Flag[] };
}

export const OK_CLEAN = {
  outcome: "ok",
  category: null,
  errorCode: null,
  retryable: null,
  silentFailure: false,
  partial: false,
  empty: false,
  flags: [],
} as const;

/** A tools/call as a reporter sends it (HTTP 200, the response as it crossed the wire), classified. */
export function classifyCall(response: unknown, tool = "t", extra: Partial<CallReport> = {}): Classification {
  return classify({
    method: "tools/call",
    server: "s",
    tool,
    httpStatus: 200,
    response,
    ...extra,
  } as CallReport);
}

/** A tool's isError result with this text. */
export const failedWith = (text: string, tool = "t"): Classification =>
  classifyCall(textResult(text, { isError: true }), tool);

/** A tool's ordinary result with this text. */
export const answered = (text: string, tool = "t"): Classification => classifyCall(textResult(text), tool);
