import { describe, expect, it } from "vitest";
import {
  LineFramer,
  SseFramer,
  type SkippedLine,
  type SseEvent,
} from "../../../../lib/reporter/proxy/framing";
import { idAtEdges } from "../../../../lib/reporter/proxy/messages";

// How faultline-proxy's reporting side cuts the copies it is given into messages: whatever
// the chunking, the same lines; a line over the limit skipped (its id still found at its
// edges) and the next one read; never more held than the limit; a gap loses one line, not the
// stream.

function frame(chunks: (string | Buffer)[], maxLine = 1024) {
  const lines: string[] = [];
  const skipped: SkippedLine[] = [];
  const framer = new LineFramer(
    maxLine,
    (line) => lines.push(line.toString("utf8")),
    (line) => skipped.push(line),
  );
  for (const chunk of chunks) framer.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return { lines, skipped, framer };
}

describe("LineFramer", () => {
  it("gives the same lines however the bytes are cut", () => {
    const text = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n{"id":2}\r\n\n[{"a":"é"}]\n';
    const whole = frame([text]).lines;
    expect(whole).toEqual(['{"jsonrpc":"2.0","id":1,"method":"ping"}', '{"id":2}\r', "", '[{"a":"é"}]']);
    const bytes = Buffer.from(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(frame([bytes.subarray(0, cut), bytes.subarray(cut)]).lines).toEqual(whole);
    }
    expect(frame([...bytes].map((byte) => Buffer.from([byte]))).lines).toEqual(whole);
  });

  it("keeps a line without its newline until the newline comes", () => {
    const { lines, framer } = frame(['{"id":1}']);
    expect(lines).toEqual([]);
    framer.push(Buffer.from("\n"));
    expect(lines).toEqual(['{"id":1}']);
  });

  it("skips a line over the limit, holding no more than the limit, and reads the next one", () => {
    const big = `{"jsonrpc":"2.0","id":"big-7","result":{"text":"${"x".repeat(10_000)}"}}`;
    const { lines, skipped, framer } = frame([], 1024);
    let most = 0;
    for (let index = 0; index < big.length; index += 100) {
      framer.push(Buffer.from(big.slice(index, index + 100)));
      most = Math.max(most, framer.held);
    }
    expect(most).toBeLessThanOrEqual(1024 + 512);
    framer.push(Buffer.from('\n{"id":8}\n'));
    expect(lines).toEqual(['{"id":8}']);
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.bytes).toBe(Buffer.byteLength(big));
    expect(idAtEdges(skipped[0]!.head, skipped[0]!.tail, skipped[0]!.cut)).toBe("sbig-7");
  });

  it("finds a skipped answer's id at its end, as the TypeScript SDK writes it", () => {
    const big = `{"result":{"content":[{"type":"text","text":"${"y".repeat(5000)}"}]},"jsonrpc":"2.0","id":42}`;
    const { skipped } = frame([big, "\n"], 1000);
    expect(idAtEdges(skipped[0]!.head, skipped[0]!.tail, skipped[0]!.cut)).toBe("n42");
    // An id nested inside the result is not the answer's.
    const nested = `{"jsonrpc":"1.0","result":{"items":[{"id":3}]}}`;
    expect(idAtEdges(Buffer.from(nested), Buffer.from(nested), false)).toBeUndefined();
  });

  it("after a gap, loses the line in progress and reads from the next newline", () => {
    const { lines, skipped, framer } = frame(['{"id":1}\n{"id":', "2"]);
    framer.gap();
    framer.push(Buffer.from('9}\n{"id":3}\n'));
    expect(lines).toEqual(['{"id":1}', '{"id":3}']);
    // What was skipped began in the gap: its beginning is not trusted for an id.
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.cut).toBe(true);
  });

  it("never hands on a line longer than the limit", () => {
    const { lines } = frame(["a".repeat(2000), "\n"], 1000);
    expect(lines).toEqual([]);
  });
});

describe("SseFramer", () => {
  function events(chunks: string[], maxEvent = 1024) {
    const seen: SseEvent[] = [];
    const skipped: SkippedLine[] = [];
    const framer = new SseFramer(
      maxEvent,
      (event) => seen.push(event),
      (line) => skipped.push(line),
    );
    for (const chunk of chunks) framer.push(Buffer.from(chunk));
    return { seen, skipped };
  }

  it("reads events with data on several lines, ids, names, comments and CRLF", () => {
    const text =
      ': keep-alive\n\nevent: endpoint\ndata: /messages?sessionId=abc\n\nid: 5\r\ndata: {"a":\r\ndata: 1}\r\n\r\n';
    const { seen } = events([text]);
    expect(seen).toEqual([
      { event: "endpoint", data: "/messages?sessionId=abc" },
      { event: "message", data: '{"a":\n1}', id: "5" },
    ]);
    const bytes = [...text];
    expect(events(bytes).seen).toEqual(seen);
  });

  it("reads lines ending in a bare CR (valid SSE), mixed endings, and a CRLF split across chunks", () => {
    const bare = 'event: endpoint\rdata: /messages?sessionId=abc\r\rid: 7\rdata: {"b":2}\r\r';
    const expected = [
      { event: "endpoint", data: "/messages?sessionId=abc" },
      { event: "message", data: '{"b":2}', id: "7" },
    ];
    expect(events([bare]).seen).toEqual(expected);
    expect(events([...bare]).seen).toEqual(expected);
    const mixed = 'event: endpoint\r\ndata: /messages?sessionId=abc\n\rid: 7\rdata: {"b":2}\r\n\n';
    expect(events([mixed]).seen).toEqual(expected);
    // "\r" | "\n" is one line end, not two: the event is not ended early, its data not split.
    expect(events(['data: {"a":\r', "\ndata: 1}\r", "\n\r", "\n"]).seen).toEqual([
      { event: "message", data: '{"a":\n1}' },
    ]);
  });

  it("skips an event larger than the limit and reads the next", () => {
    const { seen, skipped } = events([`data: ${"z".repeat(3000)}\n\ndata: {"ok":true}\n\n`], 1024);
    expect(seen).toEqual([{ event: "message", data: '{"ok":true}' }]);
    expect(skipped).toHaveLength(1);
  });
});
