// The rows Faultline stores for live-looking calls, as COPY text lines: what bench/copy.ts and
// bench/profile.ts write straight into tables shaped like `calls`.
import { prepareCalls } from "../lib/ingest/prepare";
import { liveCall } from "./traffic";

export const COLUMNS = [
  "project_id",
  "id",
  "occurred_at",
  "duration_ms",
  "server",
  "tool",
  "method",
  "session_id",
  "agent",
  "attempt",
  "http_status",
  "transport_error",
  "protocol_version",
  "outcome",
  "category",
  "error_code",
  "retryable",
  "silent_failure",
  "partial",
  "empty",
  "flags",
  "text",
  "text_length",
  "signature",
];

/** COPY text format: tab-separated, \N for null, backslash escapes. */
function field(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (Array.isArray(value)) return field(`{${value.map((item) => `"${String(item)}"`).join(",")}}`);
  if (value instanceof Date) return value.toISOString();
  return String(value)
    .replace(/\\/g, "\\\\")
    .replace(/\t/g, "\\t")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r");
}

/** `total` live-looking calls of one project, prepared (validated, classified, masked) as ingest does, one COPY line each. */
export function copyLines(total: number, projectId: string, now = Date.now()): string[] {
  const lines: string[] = [];
  for (let start = 0; start < total; start += 1000) {
    const items = Array.from({ length: Math.min(1000, total - start) }, (_, offset) =>
      liveCall(start + offset, now, "copy"),
    );
    for (const call of prepareCalls(items, new Date(now)).prepared) {
      const row = { ...call, project_id: projectId };
      const values = [
        row.project_id,
        row.id,
        row.occurredAt,
        row.durationMs,
        row.server,
        row.tool,
        row.method,
        row.sessionId,
        row.agent,
        row.attempt,
        row.httpStatus,
        row.transportError,
        row.protocolVersion,
        row.outcome,
        row.category,
        row.errorCode,
        row.retryable,
        row.silentFailure,
        row.partial,
        row.empty,
        row.flags,
        row.text,
        row.textLength,
        row.signature,
      ];
      lines.push(`${values.map(field).join("\t")}\n`);
    }
  }
  return lines;
}
