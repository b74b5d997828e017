import { describe, expect, it } from "vitest";
import { readBody } from "../../../lib/reporter/read-body";

// A body the other end controls is read within a byte bound and a deadline, and cancelled past
// either (the hostile-endpoint suite does the same over real sockets, gzip included).

/** A body that yields `chunk` for ever, every `everyMs`, and notes when it is cancelled. */
function endless(chunk: Uint8Array, everyMs = 0) {
  const state = { cancelled: false, pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs));
      state.pulled += 1;
      controller.enqueue(chunk);
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body), state };
}

describe("readBody", () => {
  it("reads a body whole within the bounds", async () => {
    const read = await readBody(new Response("hello"), 10, Date.now() + 1_000);
    expect(read.end).toBe("complete");
    expect(new TextDecoder().decode(read.bytes)).toBe("hello");
  });

  it("stops at the byte bound, keeps the beginning, and cancels the rest", async () => {
    const { response, state } = endless(new Uint8Array(1_000).fill(65));
    const read = await readBody(response, 2_500, Date.now() + 5_000);
    expect(read.end).toBe("limit");
    expect(read.bytes.byteLength).toBe(2_500);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(10);
  });

  it("refuses at once a body that declares itself too large", async () => {
    const response = new Response("x".repeat(100), { headers: { "content-length": "100" } });
    expect((await readBody(response, 10, Date.now() + 1_000)).end).toBe("limit");
  });

  it("stops at the deadline when a body trickles, and cancels it", async () => {
    const { response, state } = endless(new Uint8Array([65]), 50);
    const started = performance.now();
    const read = await readBody(response, 1_000_000, Date.now() + 300);
    expect(read.end).toBe("timeout");
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(state.cancelled).toBe(true);
  });

  it("reports a body that breaks off, without throwing", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("connection reset"));
        sent = true;
        controller.enqueue(new Uint8Array([65]));
      },
    });
    const read = await readBody(new Response(body), 100, Date.now() + 1_000);
    expect(read).toMatchObject({ end: "error", error: new Error("connection reset") });
    expect(read.bytes.byteLength).toBe(1);
  });
});
