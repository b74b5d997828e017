import { randomUUID } from "node:crypto";
import type { CallBook, Channel } from "./calls.js";
import { LineFramer } from "./framing.js";
import { launchFailure } from "./launch.js";
import { idAtEdges, messagesIn, parseJson } from "./messages.js";
import type { TapEvent } from "./tap.js";

// The stdio session as the reporting side reads it: one channel (the connection), the client's
// lines and the server's lines framed apart, and how the session ended. Calls still in flight
// when the server exits were cut off by it (connection_closed) — unless the client had gone
// first (it closed the server's stdin), in which case nobody was waiting for them.
//
// A server that exits before it has answered initialize never started (launch.ts): its calls
// in flight end with the launch failure, and when the client's initialize was never read (the
// server died first) one initialize call is reported for it, so a server that cannot start is
// seen in Faultline rather than only as "Connection closed" in the client.

/** When the proxy started (this thread starts with it): a launch that failed began then. */
const STARTED = performance.timeOrigin;

export class StdioReading {
  private readonly channel: Channel;
  private readonly client: LineFramer;
  private readonly server: LineFramer;
  private at = 0;
  private clientGone = false;
  private ended = false;

  constructor(
    private readonly book: CallBook,
    maxLine: number,
  ) {
    this.channel = book.channel("stdio", randomUUID());
    this.client = new LineFramer(
      maxLine,
      (line) => {
        for (const message of messagesIn(parseJson(line.toString("utf8"))))
          this.book.fromClient(this.channel, message, this.at);
      },
      (skipped) => this.book.unreadRequest(skipped.bytes),
    );
    this.server = new LineFramer(
      maxLine,
      (line) => {
        for (const message of messagesIn(parseJson(line.toString("utf8"))))
          this.book.fromServer(this.channel, message, this.at);
      },
      (skipped) => {
        const key = idAtEdges(skipped.head, skipped.tail, skipped.cut);
        // The rest of a line a gap cut into, with no id at its end: it may have answered any
        // call in flight.
        if (key === undefined && skipped.cut) this.book.answersUnseen(this.channel.pending.values());
        else this.book.unreadAnswer(this.channel, key, skipped.bytes);
      },
    );
  }

  read(event: TapEvent): void {
    switch (event.t) {
      case "c":
        this.at = event.at;
        return this.client.push(event.d);
      case "s":
        this.at = event.at;
        return this.server.push(event.d);
      case "gap":
        if (event.dir === "s") this.book.answersUnseen(this.channel.pending.values());
        return (event.dir === "c" ? this.client : this.server).gap();
      case "client-end":
        this.clientGone = true;
        return;
      case "server-exit":
        return this.serverExit(event);
      default:
        return;
    }
  }

  private serverExit(event: Extract<TapEvent, { t: "server-exit" }>): void {
    const launch = this.channel.initialized
      ? undefined
      : launchFailure(event.code, event.signal, event.stderr, this.clientGone);
    if (!launch) {
      const how = event.code !== null ? `code ${event.code}` : `signal ${event.signal ?? "unknown"}`;
      return this.cutOff(event.at, `the server exited (${how}) before answering`);
    }
    if (this.ended) return;
    this.ended = true;
    if (this.channel.pending.size === 0) this.book.launchAttempt(this.channel, STARTED);
    this.book.endAll(this.channel, () => ({ at: event.at, ...launch }));
  }

  /** The session is over: whatever is still in flight was never answered. */
  close(at: number): void {
    this.cutOff(at, "the session ended before the server answered");
  }

  private cutOff(at: number, serverSide: string): void {
    if (this.ended) return;
    this.ended = true;
    const reason = this.clientGone
      ? "the client went away (closed the connection) before the server answered"
      : serverSide;
    this.book.endAll(this.channel, () => ({ at, transportError: "connection_closed", reason }));
  }
}
