import {
  checkIngestAnswer,
  describeRejection,
  errorMessage,
  parseAnswer,
  type Checked,
  type IngestAnswer,
} from "./answer.js";
import { describe, printable } from "./guest.js";
import { discard, readBody } from "./read-body.js";

// One delivery request and what it means for the calls in it. Never throws: whatever the
// other end does (no answer, a redirect, a body that never ends, an answer of the wrong
// shape) becomes a Verdict. Redirects are never followed — the calls would be posted to
// wherever a Location header points — and a 2xx counts only with a valid ingest answer read
// whole within the bounds: otherwise the calls are kept and sent again (their ids make a
// resend a duplicate, not a second call).

export interface DeliveryOptions {
  endpoint: string;
  key: string;
  fetch: typeof fetch;
  /** The whole exchange: connecting, the headers and the answer's body. */
  timeoutMs: number;
  /** The most of an answer's body that is read (after decompression). */
  maxAnswerBytes: number;
}

export type Verdict =
  /** Faultline answered for every call: delivered (stored or duplicates), rejected, or dropped (the rest). */
  | { kind: "settled"; delivered: number; rejected: number; problem?: string }
  /**
   * Not answered for: keep the calls and try again later (`smaller`: in smaller batches;
   * `unreachable`: nothing there — refused, no route, no name, or no header before the deadline;
   * a connection reset or closed after it was made is not, and is retried as usual).
   */
  | { kind: "retry"; problem: string; afterMs?: number; smaller?: boolean; unreachable?: boolean }
  /** 413 for several calls: the same calls again, in smaller batches. */
  | { kind: "split"; problem: string };

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

export async function deliver(body: string, sent: number, options: DeliveryOptions): Promise<Verdict> {
  const deadline = Date.now() + options.timeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`timed out after ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  timer.unref?.();
  try {
    let response: Response;
    try {
      response = await options.fetch(options.endpoint, {
        method: "POST",
        headers: { authorization: `Bearer ${options.key}`, "content-type": "application/json" },
        body,
        redirect: "manual",
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted || noOneThere(error))
        return { kind: "retry", problem: `Faultline unreachable: ${describe(error)}`, unreachable: true };
      // Something answered and then dropped the exchange (reset, closed): a listener is there.
      return { kind: "retry", problem: `Faultline dropped the connection: ${describe(error)}` };
    }
    // From here the body's own deadline (readBody) cancels it: one clock, one clear reason.
    clearTimeout(timer);
    return await judge(response, sent, deadline, options);
  } catch (error) {
    return { kind: "retry", problem: `delivery failed: ${describe(error)}` };
  } finally {
    clearTimeout(timer);
    controller.abort(); // whatever is still open of this exchange is not wanted any more
  }
}

/** Connection errors meaning nothing listens at the address (as opposed to a listener that hung up). */
const NO_ONE_THERE = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EADDRNOTAVAIL",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function noOneThere(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string" && NO_ONE_THERE.has(code)) return true;
    if (at instanceof AggregateError && at.errors.some(noOneThere)) return true;
  }
  return false;
}

async function judge(response: Response, sent: number, deadline: number, options: DeliveryOptions) {
  const status = response.status;
  const answered = `Faultline answered ${status}`;
  if (response.type === "opaqueredirect" || (status >= 300 && status < 400)) {
    discard(response);
    const location = printable(response.headers.get("location") ?? "nowhere");
    const problem = `${answered} redirecting to ${location}; redirects are not followed (set url to where Faultline is)`;
    return retry(problem);
  }
  if (response.redirected) {
    discard(response);
    return retry(`the fetch given to the reporter followed a redirect to ${printable(response.url)}`);
  }
  if (status === 429 || status === 503) {
    discard(response);
    return { kind: "retry", problem: answered, afterMs: retryAfterMs(response) } satisfies Verdict;
  }
  if (status >= 500 || status === 408 || status < 200) {
    discard(response);
    return retry(answered);
  }
  if (status < 300) return confirm(response, sent, deadline, options);
  const read = await readBody(response, options.maxAnswerBytes, deadline);
  const parsed = read.end === "complete" ? parseAnswer(read.bytes) : undefined;
  const json = parsed?.ok ? parsed.value : undefined;
  if (status === 400) {
    const answer = checkIngestAnswer(json, sent);
    if (answer.ok) return settled(answer.value);
    const message = errorMessage(json);
    if (message !== undefined)
      return {
        kind: "settled",
        delivered: 0,
        rejected: sent,
        problem: `${answered}: ${message}`,
      } satisfies Verdict;
    return retry(`${answered} without Faultline's answer (a proxy in the way?)`);
  }
  const details = `${answered}: ${errorMessage(json) ?? "no details"}`;
  if (status === 413 && sent > 1) return { kind: "split", problem: details } satisfies Verdict;
  // 401/403 (the key), 413 for one call, 415, 404…: sending the same again cannot help.
  return { kind: "settled", delivered: 0, rejected: 0, problem: details } satisfies Verdict;
}

/** A 2xx is a delivery only with Faultline's ingest answer, whole, accounting for every call sent. */
async function confirm(
  response: Response,
  sent: number,
  deadline: number,
  options: DeliveryOptions,
): Promise<Verdict> {
  const answered = `Faultline answered ${response.status}`;
  const type = response.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(type)) {
    discard(response); // a login page or a portal: not worth reading
    return retry(
      `${answered} with content-type ${printable(type, 60) || "none"}, not Faultline's JSON answer`,
    );
  }
  const read = await readBody(response, options.maxAnswerBytes, deadline);
  if (read.end === "limit")
    return {
      ...retry(
        `${answered} with an answer larger than ${options.maxAnswerBytes} bytes (maxAnswerBytes); not read further`,
      ),
      smaller: true,
    };
  if (read.end === "timeout")
    return retry(`${answered} but its answer did not arrive within ${options.timeoutMs} ms`);
  if (read.end === "error") return retry(`${answered} but its answer was cut off (${describe(read.error)})`);
  const parsed = parseAnswer(read.bytes);
  const answer: Checked<IngestAnswer> = parsed.ok ? checkIngestAnswer(parsed.value, sent) : parsed;
  if (!answer.ok) return retry(`${answered} but its answer ${answer.problem}`);
  return settled(answer.value);
}

function settled(answer: IngestAnswer): Verdict {
  const first = answer.rejected[0];
  return {
    kind: "settled",
    delivered: answer.accepted + answer.duplicates,
    rejected: answer.rejected.length,
    ...(first
      ? { problem: `Faultline refused ${answer.rejected.length} call(s): ${describeRejection(first)}` }
      : {}),
  };
}

function retry(problem: string): Verdict & { kind: "retry" } {
  return { kind: "retry", problem };
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get("retry-after")?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
