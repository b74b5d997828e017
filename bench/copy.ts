// The limit, measured in the same run as ingest: the same rows Faultline stores (classified
// beforehand, not timed), COPY'd straight into a table shaped like `calls` with the same
// indexes. Nothing about an ingest request can be faster than this on the machine.
//
//   npx tsx bench/copy.ts --database <url> --calls 200000
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { prepareCalls } from "../lib/ingest/prepare";
import { report, round } from "./lib";
import { liveCall } from "./traffic";

const { values } = parseArgs({
  options: { database: { type: "string" }, calls: { type: "string", default: "200000" } },
});

const COLUMNS = [
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

async function main() {
  const total = Number(values.calls);
  const client = new pg.Client({ connectionString: values.database });
  await client.connect();
  const projectId = "00000000-0000-4000-8000-000000000001";
  await client.query("DROP TABLE IF EXISTS calls_copy");
  await client.query("CREATE TABLE calls_copy (LIKE calls INCLUDING DEFAULTS INCLUDING INDEXES)");
  const lines: string[] = [];
  const now = Date.now();
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
  const started = performance.now();
  await pipeline(
    Readable.from(lines),
    client.query(copyFrom(`COPY calls_copy (${COLUMNS.join(", ")}) FROM STDIN`)),
  );
  const seconds = (performance.now() - started) / 1000;
  await client.query("DROP TABLE calls_copy");
  await client.end();
  report({ rows: total, seconds: round(seconds, 2), rowsPerSecond: round(total / seconds) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
