import { IngestError } from "./errors";
import { isObject } from "../classify/json";
import { MAX_BATCH } from "../schemas/call";

// The body is one call object or {"calls": [...]}. A broken envelope rejects the whole
// request; a broken item only itself.

/** A body that is not a call or a batch of calls: 400 invalid_body, naming the field. */
export class EnvelopeError extends IngestError {
  override name = "EnvelopeError";
  constructor(
    readonly path: string,
    readonly rule: string,
  ) {
    super(400, "invalid_body", `${path}: ${rule}`, [{ path, message: rule }]);
  }
}

export function splitEnvelope(body: unknown): unknown[] {
  if (!isObject(body)) {
    throw new EnvelopeError("(body)", 'must be a call object or {"calls": [...]}');
  }
  if (!("calls" in body)) return [body];
  const calls = body.calls;
  if (!Array.isArray(calls)) throw new EnvelopeError("calls", "must be an array of call objects");
  if (calls.length === 0) throw new EnvelopeError("calls", "must contain at least 1 call");
  if (calls.length > MAX_BATCH)
    throw new EnvelopeError("calls", `must contain at most ${MAX_BATCH} calls (got ${calls.length})`);
  return calls;
}
