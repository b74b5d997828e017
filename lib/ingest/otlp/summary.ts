import type { SkipCounts } from "./skipped";

/** What OTLP's answer needs besides the calls: where each came from and what was not a call. */
export interface OtlpSummary {
  /** The span (its position in the request) each prepared or rejected item was read from, by item index. */
  spanOfItem: number[];
  /** An OpenLLMetry span's session, by item index (lib/ingest/otlp/session-servers). */
  sessionOfItem: (string | null)[];
  /** Spans that carried MCP attributes but could not be read. */
  unreadable: { span: number; errors: { path: string; message: string }[] }[];
  /** Spans that are not MCP calls, by reason. */
  skipped: SkipCounts;
}
