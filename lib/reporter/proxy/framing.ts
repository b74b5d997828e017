// The reporting side's view of a byte stream it was given a copy of: newline-delimited lines
// (stdio's framing, and the lines of an SSE stream), each at most `maxLine` bytes. The relay
// never waits on this — it forwards each chunk first and hands the copy over afterwards — so
// nothing here can change what either side receives; it only decides what is read.
//
// Bounded whatever arrives: the line in progress is held up to `maxLine` bytes; past that the
// line is skipped (its first and last bytes kept, to learn its JSON-RPC id) and the framer
// waits for the next newline. A gap (copies that were not handed over, see tap.ts) loses the
// line in progress the same way: what follows the next newline is read again.

/** A line that was not read whole: its size, its beginning and its end (a response's id is at one of them). */
export interface SkippedLine {
  bytes: number;
  head: Buffer;
  tail: Buffer;
  /** The line's beginning was not seen (a gap), so `head` is not its beginning. */
  cut: boolean;
}

const EDGE = 256;
const NEWLINE = 0x0a;
const RETURN = 0x0d;

export class LineFramer {
  private parts: Buffer[] = [];
  private size = 0;
  /** The line in progress is over the limit (or began in a gap): only its edges are kept. */
  private skipping: { bytes: number; head: Buffer; tail: Buffer; cut: boolean } | undefined;

  constructor(
    private readonly maxLine: number,
    private readonly onLine: (line: Buffer) => void,
    private readonly onSkipped: (line: SkippedLine) => void = () => {},
  ) {}

  /** Reads a chunk; calls onLine for each line it completes (without the newline). */
  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      if (end > start) this.append(bytes.subarray(start, end));
      if (newline === -1) return;
      this.finish();
      start = newline + 1;
    }
  }

  /** Bytes went by unseen: the line in progress cannot be read, the next one can. */
  gap(): void {
    const held = this.skipping?.head ?? Buffer.alloc(0);
    this.parts = [];
    this.size = 0;
    this.skipping = { bytes: 0, head: held, tail: Buffer.alloc(0), cut: true };
  }

  /** Bytes held for the line in progress (never more than maxLine, plus two edges). */
  get held(): number {
    return this.size + (this.skipping ? this.skipping.head.length + this.skipping.tail.length : 0);
  }

  private append(piece: Buffer): void {
    if (this.skipping) return this.skip(piece);
    if (this.size + piece.length > this.maxLine) {
      const whole = Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.size = 0;
      this.skipping = {
        bytes: 0,
        head: Buffer.from(whole.subarray(0, EDGE)),
        tail: Buffer.alloc(0),
        cut: false,
      };
      return this.skip(whole);
    }
    // A copy only when the piece is kept past this chunk (the chunk itself may be large).
    this.parts.push(piece);
    this.size += piece.length;
  }

  private skip(piece: Buffer): void {
    const skipping = this.skipping!;
    skipping.bytes += piece.length;
    const tail =
      piece.length >= EDGE ? piece.subarray(piece.length - EDGE) : Buffer.concat([skipping.tail, piece]);
    skipping.tail = Buffer.from(tail.subarray(Math.max(0, tail.length - EDGE)));
  }

  private finish(): void {
    const skipped = this.skipping;
    if (skipped) {
      this.skipping = undefined;
      if (skipped.bytes > 0 || !skipped.cut) this.onSkipped(skipped);
      return;
    }
    // An empty line too: it ends an SSE event.
    const line = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.size);
    this.parts = [];
    this.size = 0;
    this.onLine(line);
  }
}

/** One server-sent event, as the SSE format defines it (the data lines joined by "\n"). */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Server-sent events from a stream of bytes (lines ending in "\n", "\r\n" or "\r"), each event's
 * data at most `maxEvent` bytes: a larger event is skipped and told to onSkipped.
 */
export class SseFramer {
  private readonly lines: LineFramer;
  private data: string[] = [];
  private dataBytes = 0;
  private event = "";
  private id: string | undefined;
  private oversized: SkippedLine | undefined;

  constructor(
    private readonly maxEvent: number,
    private readonly onEvent: (event: SseEvent) => void,
    private readonly onSkipped: (line: SkippedLine) => void = () => {},
  ) {
    this.lines = new LineFramer(
      maxEvent,
      (line) => this.line(line),
      (skipped) => {
        this.oversized = skipped;
        this.data = [];
        this.dataBytes = this.maxEvent + 1;
      },
    );
  }

  push(chunk: Uint8Array): void {
    this.lines.push(this.lineEnds(chunk));
  }

  gap(): void {
    this.lines.gap();
    this.afterReturn = false;
    this.reset();
  }

  /** The last chunk ended in "\r": a "\n" opening this one belongs to that line's end. */
  private afterReturn = false;

  /**
   * SSE lines end in "\r\n", "\n" or a bare "\r": each of them made "\n" for the line framer
   * (a "\r\n" split across chunks too). Chunks without a "\r" pass as they came.
   */
  private lineEnds(chunk: Uint8Array): Uint8Array {
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = this.afterReturn && bytes[0] === NEWLINE ? 1 : 0;
    this.afterReturn = false;
    let cr = bytes.indexOf(RETURN, start);
    if (cr === -1) return start === 0 ? bytes : bytes.subarray(start);
    const out = Buffer.allocUnsafe(bytes.length);
    let length = 0;
    while (cr !== -1) {
      length += bytes.copy(out, length, start, cr);
      out[length++] = NEWLINE;
      start = cr + 1;
      if (start === bytes.length) this.afterReturn = true;
      else if (bytes[start] === NEWLINE) start += 1;
      cr = bytes.indexOf(RETURN, start);
    }
    length += bytes.copy(out, length, start);
    return out.subarray(0, length);
  }

  private line(raw: Buffer): void {
    const end = raw[raw.length - 1] === 0x0d ? raw.length - 1 : raw.length;
    if (end === 0) return this.dispatch();
    const text = raw.toString("utf8", 0, end);
    if (text.startsWith(":")) return; // a comment (a keep-alive)
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") {
      this.dataBytes += end + 1;
      if (this.dataBytes <= this.maxEvent) this.data.push(value);
      else this.data = [];
    } else if (field === "event") this.event = value;
    else if (field === "id" && !value.includes("\0")) this.id = value;
  }

  /** A blank line ends the event. */
  private dispatch(): void {
    if (this.dataBytes > this.maxEvent) {
      if (this.oversized) this.onSkipped(this.oversized);
      else this.onSkipped({ bytes: this.dataBytes, head: Buffer.alloc(0), tail: Buffer.alloc(0), cut: true });
    } else if (this.data.length > 0) {
      this.onEvent({
        event: this.event || "message",
        data: this.data.join("\n"),
        ...(this.id !== undefined ? { id: this.id } : {}),
      });
    }
    this.reset();
  }

  private reset(): void {
    this.data = [];
    this.dataBytes = 0;
    this.event = "";
    this.oversized = undefined;
  }
}
