import { describe, expect, it } from "vitest";
import { CallBook } from "../../../../lib/reporter/proxy/calls";
import { HttpReading } from "../../../../lib/reporter/proxy/http-reading";
import { SecretMask } from "../../../../lib/reporter/proxy/header-secrets";
import { StdioReading } from "../../../../lib/reporter/proxy/stdio-reading";
import type { CallReport } from "../../../../lib/reporter/types";

// A session as faultline-proxy's reporting side reads it when it fell behind: the relay stopped
// handing over copies of the server's bytes for a while (a gap, tap.ts). The answers of the calls
// in flight then may have gone by unseen; such a call is not recorded (and counted) — never
// reported as unanswered when the session or the stream ends, which would invent a failure the
// session never had. Over stdio and in a Streamable HTTP answer's event stream.

const line = (message: object) => Buffer.from(`${JSON.stringify(message)}\n`);
const call = (id: number) => line({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "lookup" } });
const answer = (id: number) =>
  line({ jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "ok" }] } });

function session() {
  const reports: CallReport[] = [];
  const untracked: string[] = [];
  const book = new CallBook({
    route: "proxy-stdio",
    server: "s",
    maxPending: 100,
    emit: (report) => reports.push(report),
    untracked: (reason) => untracked.push(reason),
  });
  return { reading: new StdioReading(book, 1024), reports, untracked };
}

describe("a gap in the server's bytes", () => {
  it("leaves the calls in flight unrecorded, with a count, instead of reporting them unanswered", () => {
    const { reading, reports, untracked } = session();
    reading.read({ t: "c", d: call(1), at: 1 });
    reading.read({ t: "c", d: call(2), at: 2 });
    reading.read({ t: "s", d: answer(1), at: 3 });
    reading.read({ t: "gap", dir: "s" }); // call 2's answer may have been in it
    // The rest of the line the gap cut into (no id at its end: it could have answered any call
    // in flight), then call 3 and its answer, read as usual.
    reading.read({ t: "s", d: Buffer.from('"text":"ok"}]}}\n'), at: 3.5 });
    reading.read({ t: "c", d: call(3), at: 4 });
    reading.read({ t: "s", d: answer(3), at: 5 });
    reading.read({ t: "c", d: call(4), at: 6 });
    reading.read({ t: "gap", dir: "s" });
    reading.read({ t: "s", d: answer(4), at: 7 }); // cut by the gap: unreadable, and it answered call 4
    reading.close(8);
    // Calls 1 and 3 as answered; 2 and 4 not at all (never as cut off).
    expect(reports.map((report) => [report.durationMs, report.transportError ?? "answered"])).toEqual([
      [2, "answered"],
      [1, "answered"],
    ]);
    expect(untracked).toEqual([
      "reporting fell behind the session; 1 call(s) in flight are not recorded",
      "reporting fell behind the session; 1 call(s) in flight are not recorded",
    ]);
  });

  it("a gap in the client's bytes alone changes nothing for the calls already seen", () => {
    const { reading, reports, untracked } = session();
    reading.read({ t: "c", d: call(1), at: 1 });
    reading.read({ t: "gap", dir: "c" });
    reading.read({ t: "s", d: answer(1), at: 2 });
    reading.close(3);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.transportError).toBeUndefined();
    expect(untracked).toEqual([]);
  });
});

describe("a gap in a Streamable HTTP answer's event stream", () => {
  it("leaves the stream's calls unrecorded, with a count, instead of reporting them unanswered at its end", () => {
    const reports: CallReport[] = [];
    const untracked: string[] = [];
    const book = new CallBook({
      route: "proxy-http",
      server: "s",
      maxPending: 100,
      emit: (report) => reports.push(report),
      untracked: (reason) => untracked.push(reason),
    });
    const reading = new HttpReading(book, 1024, new SecretMask());
    const exchange = (x: number, id: number, gap: boolean) => {
      reading.read({ t: "req", x, at: 1, method: "POST", path: "/mcp", session: "abc" });
      reading.read({ t: "req-data", x, d: call(id) });
      reading.read({ t: "req-end", x, at: 1 });
      reading.read({
        t: "res",
        x,
        at: 2,
        status: 200,
        type: "text/event-stream",
        encoding: "",
        session: "abc",
      });
      if (gap)
        reading.read({ t: "x-gap", x, part: "res" }); // the answer went by unseen
      else
        reading.read({
          t: "res-data",
          x,
          d: Buffer.from(`data: ${answer(id).toString().trim()}\n\n`),
          at: 3,
        });
      reading.read({ t: "res-end", x, at: 4 });
    };
    exchange(1, 1, false);
    exchange(2, 2, true);
    expect(reports.map((report) => report.transportError ?? report.httpStatus)).toEqual([200]);
    expect(untracked).toEqual(["reporting fell behind the session; 1 call(s) in flight are not recorded"]);
  });
});
