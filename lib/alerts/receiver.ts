import http from "node:http";
import https from "node:https";
import { guardedLookup, RefusedAddress, refusedLiteral } from "../http/guarded-lookup";
import { checkReceiverUrl } from "./receiver-url";

// One POST of an alert message to a receiver: a deadline on the whole exchange, at most a
// little of the answer read (enough to record why it failed), redirects never followed, and
// internal addresses refused unless allowed (see receiver-url.ts for why).

export const DEFAULT_TIMEOUT_MS = 5_000;
/** Bytes of a receiver's answer kept for the attempt record; the rest is never read. */
export const MAX_RESPONSE_BYTES = 1024;

export interface SendOptions {
  timeoutMs?: number;
  allowPrivate: boolean;
  /** Extra request headers (the delivery id, for receivers that drop repeats). */
  headers?: Record<string, string>;
}

export interface SendResult {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why it failed, for the attempt record. */
  error?: string;
  /** Whether another attempt may succeed (network errors, timeouts, 408, 429, 5xx). */
  retryable: boolean;
  durationMs: number;
}

const ALLOW_SETTING = "FAULTLINE_ALERTS_ALLOW_PRIVATE";
const lookup = guardedLookup(ALLOW_SETTING);

function clean(text: string): string {
  // PostgreSQL text holds no NUL; control characters make an unreadable record.
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ").trim();
}

/** POSTs `body` as JSON to `target`; never throws. */
export function postJson(target: string, body: unknown, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const problem = checkReceiverUrl(target);
  if (problem) {
    return Promise.resolve({ ok: false, error: `receiver URL ${problem}`, retryable: false, durationMs: 0 });
  }
  const url = new URL(target);
  const literal = options.allowPrivate ? undefined : refusedLiteral(url.hostname, ALLOW_SETTING);
  if (literal) {
    return Promise.resolve({
      ok: false,
      error: literal.message,
      retryable: false,
      durationMs: 0,
    });
  }
  const payload = Buffer.from(JSON.stringify(body), "utf8");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = url.protocol === "https:" ? https : http;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = client.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-length": String(payload.length),
          "user-agent": "Faultline-Alerts/1",
          ...options.headers,
        },
        ...(options.allowPrivate ? {} : { lookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        const conclude = () => {
          response.destroy();
          const snippet = clean(Buffer.concat(chunks).toString("utf8").slice(0, 300));
          if (status >= 200 && status < 300) return finish({ ok: true, status, retryable: false });
          if (status >= 300 && status < 400) {
            const location = clean(String(response.headers.location ?? "")).slice(0, 200);
            return finish({
              ok: false,
              status,
              error: `HTTP ${status}: redirects are not followed${location ? ` (to ${location})` : ""}; use the final URL`,
              retryable: false,
            });
          }
          const retryable = status === 408 || status === 425 || status === 429 || status >= 500;
          finish({ ok: false, status, error: `HTTP ${status}${snippet ? `: ${snippet}` : ""}`, retryable });
        };
        response.on("data", (chunk: Buffer) => {
          if (kept < MAX_RESPONSE_BYTES) {
            chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - kept));
            kept += Math.min(chunk.length, MAX_RESPONSE_BYTES - kept);
          }
          if (kept >= MAX_RESPONSE_BYTES) conclude();
        });
        response.on("end", conclude);
        response.on("error", conclude);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, error: `timed out after ${timeoutMs} ms`, retryable: true });
    }, timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof RefusedAddress || error.code === "FAULTLINE_REFUSED_ADDRESS") {
        return finish({ ok: false, error: error.message, retryable: false });
      }
      finish({
        ok: false,
        error: clean(`${error.code ?? "error"}: ${error.message}`).slice(0, 300),
        retryable: true,
      });
    });
    request.end(payload);
  });
}
