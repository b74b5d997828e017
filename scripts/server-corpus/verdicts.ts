// The human verdicts, keyed by fixture id. Filled in after reading each captured exchange.

export interface Verdict {
  expected: {
    outcome: "ok" | "tool_error" | "protocol_error" | "transport_error";
    silentFailure: boolean;
    category: string | null;
    errorCode: string | null;
    retryable: boolean | null;
    empty: boolean;
    partial: boolean;
    wastedRetry: boolean;
  };
  reason: string;
}

export const VERDICTS: Record<string, Verdict> = {};
