import { addTraceContext } from "../trace-context.js";

// faultline-proxy --trace-context, over stdio: the client's lines on their way to the server,
// each tools/call without W3C trace context given one (params._meta.traceparent), so that the
// server instrumentation's and the proxy's reports of a request meet even when the client sent
// none. Off by default: it changes the client's bytes. Every other line passes byte for byte; a
// line is held only until its newline, and one longer than `maxLine` is passed on as it comes,
// unread.

export class TraceContextLines {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** In a line too long to read: passing it on until its end. */
  private passing = false;

  constructor(private readonly maxLine: number) {}

  /** The bytes to write on for `chunk` (possibly none yet, while a line is incomplete). */
  push(chunk: Buffer): Buffer {
    const out: Buffer[] = [];
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1; newline = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, newline + 1);
      if (this.passing) out.push(part);
      else if (this.heldBytes + part.length > this.maxLine) out.push(...this.held, part);
      else out.push(this.line(Buffer.concat([...this.held, part])));
      this.held = [];
      this.heldBytes = 0;
      this.passing = false;
      start = newline + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0) {
      if (this.passing) out.push(rest);
      else if (this.heldBytes + rest.length > this.maxLine) {
        out.push(...this.held, rest);
        this.held = [];
        this.heldBytes = 0;
        this.passing = true;
      } else {
        this.held.push(Buffer.from(rest));
        this.heldBytes += rest.length;
      }
    }
    return out.length === 1 ? out[0]! : Buffer.concat(out);
  }

  /** What is held when the client's input ends (a last line without a newline), unchanged. */
  end(): Buffer {
    const rest = Buffer.concat(this.held);
    this.held = [];
    this.heldBytes = 0;
    return rest;
  }

  private line(line: Buffer): Buffer {
    const crlf = line.length >= 2 && line[line.length - 2] === 13;
    const body = line.subarray(0, line.length - (crlf ? 2 : 1));
    const changed = addTraceContext(body.toString("utf8"));
    return changed === undefined ? line : Buffer.from(`${changed}${crlf ? "\r\n" : "\n"}`);
  }
}
