/** What Faultline keeps of a sender's inputs (arguments and full payloads are never stored). */
export interface CallInputs {
  id: string;
  occurredAt: Date;
  durationMs: number | null;
  server: string;
  tool: string | null;
  method: string;
  sessionId: string | null;
  agent: string | null;
  attempt: number | null;
  /** The sender's fingerprint of the call's arguments: what tells a repeat from a corrected call. */
  argumentsHash: string | null;
  httpStatus: number | null;
  transportError: string | null;
  protocolVersion: string | null;
}
