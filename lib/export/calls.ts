import type { Pool, PoolClient } from "pg";
import Cursor from "pg-cursor";
import { CALL_COLUMNS, selectCalls, type StoredCall } from "../queries/calls";
import {
  reportedOutcome,
  type ExportCallsQuery,
  type ExportFormat,
  type OutcomeFilter,
} from "../schemas/read";
import { csvLines, type CsvColumn } from "./csv";

// Every call matching the list's filters, as CSV or JSON Lines, streamed: rows come from a
// server-side cursor a batch at a time, and the next batch is fetched only when the response
// has taken the last one (the body is a pull stream), so memory stays one batch however many
// rows match and however slowly the client reads.
//
// The cursor runs on a client of its own from the read pool (exports never take ingest's
// connections), in a read-only transaction (one snapshot: rows arriving meanwhile are not
// half-included). The read pool cancels statements after FAULTLINE_READ_TIMEOUT_MS, and
// PostgreSQL times a cursor's statement from its first row to its last — fetching in batches
// does not restart the clock — so the transaction sets its own statement_timeout, the export
// timeout: a million rows take seconds, and the timeout only stops an export that runs (or a
// client that reads) for far too long. The client goes back to the pool when the export ends,
// fails or is cancelled (the client disconnecting cancels the body).
//
// An export holds a read connection and an open snapshot (VACUUM cannot clean behind it), so a
// download nobody reads must not keep them: a client that takes nothing for the idle timeout
// (seconds) is cut off, and one principal (a project's keys, or a signed-in user) may run only a
// few exports at once, well below the instance's cap.

/** Rows per cursor fetch, and per chunk of the response body. */
export const EXPORT_BATCH_ROWS = 1000;

/** A call as its CSV row: the stored call, its outcome as people read it. */
type CsvCall = Omit<StoredCall, "outcome"> & { outcome: OutcomeFilter };

export const CSV_COLUMNS: CsvColumn<CsvCall>[] = (
  [
    "id",
    "occurredAt",
    "receivedAt",
    "server",
    "tool",
    "method",
    "outcome",
    "category",
    "errorCode",
    "retryable",
    "silentFailure",
    "partial",
    "empty",
    "flags",
    "routes",
    "durationMs",
    "httpStatus",
    "transportError",
    "attempt",
    "argumentsHash",
    "sessionId",
    "agent",
    "protocolVersion",
    "signature",
    "textLength",
    "text",
  ] as const
).map((key) => ({ key, header: key }));

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8; header=present",
  jsonl: "application/x-ndjson; charset=utf-8",
};

export interface CallExport {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  filename: string;
}

export interface ExportOptions {
  /** statement_timeout of the export's transaction, in milliseconds. */
  timeoutMs: number;
  /** Exports this process runs at once; one more throws ExportsBusyError. */
  maxRunning: number;
  /** Who asks (lib/http/rate-limit readPrincipal), and how many exports it may run at once. */
  principal: string;
  maxPerPrincipal: number;
  /** A client that takes nothing for this long is cut off (the body errors), in milliseconds. */
  idleTimeoutMs: number;
  /** Called once the export has ended, failed or been cancelled (its client released). */
  onEnd?: () => void;
  now?: Date;
}

/** Too many exports running on this instance, or for this principal. */
export class ExportsBusyError extends Error {
  override name = "ExportsBusyError";
  constructor(message: string) {
    super(message);
  }
}

/** A client that stopped reading for the idle timeout. */
export class ExportIdleError extends Error {
  override name = "ExportIdleError";
  constructor(idleMs: number) {
    super(
      `the client took nothing for ${idleMs} ms (FAULTLINE_EXPORT_IDLE_TIMEOUT_MS); the export was ended`,
    );
  }
}

/** An export still running after the export timeout. */
export class ExportTimeoutError extends Error {
  override name = "ExportTimeoutError";
  constructor(timeoutMs: number) {
    super(`the export ran longer than FAULTLINE_EXPORT_TIMEOUT_MS (${timeoutMs} ms) and was cancelled`);
  }
}

const state = { running: 0, byPrincipal: new Map<string, number>() };

/** Exports in progress in this process (for tests and diagnostics). */
export function runningExports(): number {
  return state.running;
}

/**
 * Starts an export. Resolves once the first batch has been read, so a failure before any row
 * (database unavailable, pool busy, a timeout) is thrown here and answered with an HTTP error;
 * a failure after that ends the body with an error (the download is visibly incomplete).
 */
export async function exportCalls(
  pool: Pool,
  projectId: string,
  query: ExportCallsQuery,
  options: ExportOptions,
): Promise<CallExport> {
  const mine = state.byPrincipal.get(options.principal) ?? 0;
  if (mine >= options.maxPerPrincipal) {
    throw new ExportsBusyError(
      `${mine} of your exports ${mine === 1 ? "is" : "are"} already running (at most ${options.maxPerPrincipal} at once); retry when one has finished`,
    );
  }
  if (state.running >= options.maxRunning) {
    throw new ExportsBusyError(
      `${state.running} exports are already running on this server; retry when one has finished`,
    );
  }
  state.running++;
  state.byPrincipal.set(options.principal, mine + 1);
  const now = options.now ?? new Date();
  let client: PoolClient | undefined;
  // The connection dropping mid-export is reported through the cursor; don't let the
  // client's own "error" event (no pool listener while checked out) crash the process.
  const ignore = () => {};
  let ended = false;
  let deadline: NodeJS.Timeout | undefined;
  let idle: NodeJS.Timeout | undefined;
  const end = async (failure?: unknown) => {
    if (ended) return;
    ended = true;
    clearTimeout(deadline);
    clearTimeout(idle);
    try {
      if (client && failure === undefined) {
        await client.query("COMMIT");
        client.release();
      } else if (client) {
        // Mid-cursor, the connection's protocol state is not worth repairing: drop it. The
        // server ends its side (and the transaction) as the socket closes.
        client.release(failure instanceof Error ? failure : new Error("export cancelled"));
      }
    } catch (error) {
      client?.release(error as Error);
    } finally {
      client?.off("error", ignore);
      state.running--;
      const left = (state.byPrincipal.get(options.principal) ?? 1) - 1;
      if (left > 0) state.byPrincipal.set(options.principal, left);
      else state.byPrincipal.delete(options.principal);
      options.onEnd?.();
    }
  };

  try {
    client = await pool.connect();
    client.on("error", ignore);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query("SELECT set_config('statement_timeout', $1, true)", [String(options.timeoutMs)]);
    const { where, params } = selectCalls(projectId, query, now);
    const direction = query.order === "asc" ? "ASC" : "DESC";
    const cursor = client.query(
      new Cursor<StoredCall>(
        `SELECT ${CALL_COLUMNS} FROM calls WHERE ${where.join(" AND ")}
          ORDER BY occurred_at ${direction}, id ${direction}`,
        params,
      ),
    );
    const encoder = new TextEncoder();
    let first = true;
    let cursorDone = false;
    /** The next chunk of the body, or null after the last row. */
    const nextChunk = async (): Promise<Uint8Array | null> => {
      const wasFirst = first;
      if (!first && cursorDone) return null;
      first = false;
      const rows = await cursor.read(EXPORT_BATCH_ROWS);
      if (rows.length < EXPORT_BATCH_ROWS) cursorDone = true;
      // A CSV always has its header, even with no rows.
      if (rows.length === 0 && !(wasFirst && query.format === "csv")) return null;
      return encoder.encode(format(rows, query.format, wasFirst));
    };
    const opening = await nextChunk();

    /** After each chunk handed over: the client has idleTimeoutMs to ask for the next. */
    const awaitReader = (controller: ReadableStreamDefaultController<Uint8Array>) => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        const error = new ExportIdleError(options.idleTimeoutMs);
        void end(error);
        controller.error(error);
      }, options.idleTimeoutMs);
      idle.unref();
    };
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          if (opening) controller.enqueue(opening);
          awaitReader(controller);
          // PostgreSQL does not act on the statement timeout while it waits for the next fetch:
          // a client that stops reading but stays connected is cut off here.
          deadline = setTimeout(() => {
            const error = new ExportTimeoutError(options.timeoutMs);
            void end(error);
            controller.error(error);
          }, options.timeoutMs);
          deadline.unref();
        },
        async pull(controller) {
          clearTimeout(idle);
          try {
            const chunk = await nextChunk();
            if (ended) return;
            if (chunk) {
              controller.enqueue(chunk);
              return awaitReader(controller);
            }
            await end();
            controller.close();
          } catch (error) {
            await end(error);
            controller.error(error);
          }
        },
        async cancel(reason) {
          await end(reason ?? new Error("export cancelled"));
        },
      },
      { highWaterMark: 1 },
    );
    return {
      body,
      contentType: CONTENT_TYPES[query.format],
      filename: `faultline-calls-${now.toISOString().replace(/[-:]|\.\d+/g, "")}.${query.format}`,
    };
  } catch (error) {
    await end(error);
    throw error;
  }
}

/**
 * CSV is read by people in a spreadsheet: its outcome column says silent_failure as the
 * dashboard and the outcome filter do (silentFailure stays beside it). JSON Lines is the list
 * API's shape, unaltered.
 */
function format(rows: StoredCall[], exportFormat: ExportFormat, header: boolean): string {
  if (exportFormat === "csv")
    return csvLines(
      rows.map((row) => ({ ...row, outcome: reportedOutcome(row) })),
      CSV_COLUMNS,
      header,
    );
  let lines = "";
  for (const row of rows) lines += `${JSON.stringify(row)}\n`;
  return lines;
}
