import type { CallReport, Classification, Flag } from "@/lib/classify";

export interface Case {
  name: string;
  report: Partial<CallReport>;
  expect: Partial<Omit<Classification, "flags">> & { flags?: Flag[] };
}

/** A JSON-RPC response carrying a CallToolResult. */
export function result(content: unknown[], extra: Record<string, unknown> = {}) {
  return { jsonrpc: "2.0", id: 1, result: { content, ...extra } };
}

export function textResult(text: string, extra: Record<string, unknown> = {}) {
  return result([{ type: "text", text }], extra);
}

export function rpcError(code: number, message: string, data?: unknown) {
  return { jsonrpc: "2.0", id: 1, error: { code, message, ...(data === undefined ? {} : { data }) } };
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
