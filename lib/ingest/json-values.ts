import { LimitError, type IngestLimits } from "./limits";

// Counts the values a JSON text would unpack into, on its UTF-8 bytes, without parsing it: an
// upper bound (every value but the first of a container follows a "," or ":", every container
// opens with "{" or "["), stopping at the first value over the limit. Five megabytes of "[],"
// are 1.7 million arrays: refused here in a few milliseconds instead of parsed. How deep it
// nests is bounded the same way: a million "[" in 2 MB would take the parser and every walk
// after it seconds (and the stack), and are refused at the 513th.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

export function checkJsonValues(
  bytes: Uint8Array,
  limit: "webhookJsonValues" | "otlpJsonValues",
  limits: IngestLimits,
): void {
  const max = limits[limit];
  const maxDepth = limits.jsonDepth;
  let values = 1;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
      continue;
    }
    if (byte === QUOTE) inString = true;
    else if (byte === COMMA || byte === COLON) {
      if (++values > max) throw new LimitError(limit, max);
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++values > max) throw new LimitError(limit, max);
      if (++depth > maxDepth) throw new LimitError("jsonDepth", maxDepth);
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth--;
  }
}
