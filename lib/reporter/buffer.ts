// The calls waiting to be sent, serialized once and kept in order, within a count and a byte
// bound. When either is passed the oldest go, and the caller is told how many, to count them:
// code that runs as a guest in someone else's process keeps what it was given to carry only as long
// as it has room, and never grows without bound.

export interface Serialized {
  json: string;
  /** UTF-8 bytes of `json`, what it adds to a request. */
  bytes: number;
}

export class CallBuffer {
  private entries: Serialized[] = [];
  private size = 0;

  constructor(
    private readonly maxCalls: number,
    private readonly maxBytes: number,
  ) {}

  get length(): number {
    return this.entries.length;
  }

  /** Adds a call at the back; returns how many of the oldest were dropped to stay within the bounds. */
  push(entry: Serialized): number {
    this.entries.push(entry);
    this.size += entry.bytes;
    return this.trim();
  }

  /** Puts a batch that was not answered for back at the front; returns how many of the oldest were dropped. */
  putBack(batch: Serialized[]): number {
    this.entries.unshift(...batch);
    for (const entry of batch) this.size += entry.bytes;
    return this.trim();
  }

  /** Takes up to `count` calls from the front, together at most `maxBytes` serialized (always at least one). */
  take(count: number, maxBytes: number): Serialized[] {
    let bytes = 0;
    let taken = 0;
    while (taken < this.entries.length && taken < count) {
      const next = this.entries[taken]!;
      if (taken > 0 && bytes + next.bytes + 1 > maxBytes) break;
      bytes += next.bytes + 1; // and a comma
      taken += 1;
    }
    const batch = this.entries.splice(0, taken);
    for (const entry of batch) this.size -= entry.bytes;
    return batch;
  }

  private trim(): number {
    let over = 0;
    let size = this.size;
    while (
      over < this.entries.length &&
      (this.entries.length - over > this.maxCalls || size > this.maxBytes)
    ) {
      size -= this.entries[over]!.bytes;
      over += 1;
    }
    if (over > 0) this.entries.splice(0, over);
    this.size = size;
    return over;
  }
}
