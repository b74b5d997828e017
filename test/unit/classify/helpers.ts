import type { CallReport, Classification, Flag } from "@/lib/classify";

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
