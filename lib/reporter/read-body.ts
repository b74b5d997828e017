// Reads an HTTP body the other end controls, within a byte bound and a deadline. fetch has
// already inflated a gzip or deflate body, so the bytes counted are the ones that would be
// kept: a 1 MB gzip answer that inflates to gigabytes stops at the bound. Past the bound or
// the deadline the body is cancelled, which closes the connection instead of downloading on.

export interface BodyRead {
  /** At most `maxBytes`: the whole body when `end` is "complete", else its beginning. */
  bytes: Uint8Array;
  end: "complete" | "limit" | "timeout" | "error";
  /** Why the body broke off, when `end` is "error". */
  error?: unknown;
}

export async function readBody(response: Response, maxBytes: number, deadline: number): Promise<BodyRead> {
  const body = response.body;
  if (!body) return { bytes: new Uint8Array(), end: "complete" };
  const declared = Number(response.headers.get("content-length") ?? "NaN");
  if (declared > maxBytes) {
    cancel(body);
    return { bytes: new Uint8Array(), end: "limit" };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
    // The host may end while we read; our deadline is no reason to keep it running.
    timer.unref?.();
  });
  let end: BodyRead["end"] = "complete";
  let error: unknown;
  try {
    for (;;) {
      const read = reader.read();
      read.catch(() => {}); // if the deadline wins the race, a later failure of this read is nobody's
      const next = await Promise.race([read, expired]);
      if (next === "timeout") {
        end = "timeout";
        break;
      }
      if (next.done) break;
      if (!(next.value instanceof Uint8Array)) throw new TypeError("the body is not bytes");
      const room = maxBytes - size;
      chunks.push(next.value.byteLength > room ? next.value.subarray(0, room) : next.value);
      size += Math.min(room, next.value.byteLength);
      if (next.value.byteLength > room) {
        end = "limit";
        break;
      }
    }
  } catch (caught) {
    end = "error";
    error = caught;
  } finally {
    clearTimeout(timer);
    if (end !== "complete") reader.cancel().catch(() => {});
    else reader.releaseLock();
  }
  return { bytes: concat(chunks, size), end, ...(error === undefined ? {} : { error }) };
}

/** Lets go of a body that will not be read (so that its connection is freed). */
export function discard(response: Response): void {
  if (response.body) cancel(response.body);
}

function cancel(body: ReadableStream<Uint8Array>): void {
  try {
    body.cancel().catch(() => {});
  } catch {
    // locked or already gone: nothing of ours holds it
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
