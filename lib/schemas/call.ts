import { z } from "zod";
import { MAX_JSON_DEPTH } from "../classify/json";
import { ROUTES } from "../ingest/routes";
import { cut, LIMITS } from "../reporter/limits";

// The webhook's call object (docs/API.md, "Webhook"; docs/OUTCOMES.md). Unknown fields are dropped, never an error.

export const MAX_BATCH = 1000;
export const MAX_RESPONSE_DEPTH = MAX_JSON_DEPTH;
export const MAX_ID_LENGTH = LIMITS.id;

const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

const label = (max: number) =>
  z
    .string()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .regex(NO_CONTROL_CHARS, "must not contain control characters")
    .refine(
      (value) => value.isWellFormed(),
      "must be well-formed Unicode (it holds a lone surrogate, \\uD800–\\uDFFF)",
    );

const optionalLabel = (max: number) => label(max).nullish();

/**
 * An error as a library raised it: its class, a code, its message. A longer message is cut to the
 * part Faultline reads (LIMITS.message), never refused: the call it explains is not lost to it.
 */
const raised = z
  .object({
    name: z.string().max(LIMITS.errorName, `must be at most ${LIMITS.errorName} characters`).nullish(),
    code: z
      .union([z.string().max(LIMITS.errorCodeText), z.number().finite()], {
        error: "must be a string or a number",
      })
      .nullish(),
    message: z.string().transform((message) => cut(message, LIMITS.message)),
  })
  .nullish();

/** Deepest nesting of arrays/objects, walked iteratively so hostile input cannot blow the stack. */
export function nestingDepth(value: unknown, stopAt = MAX_RESPONSE_DEPTH + 1): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== "object" || current === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest >= stopAt) return deepest;
    for (const inner of Object.values(current)) stack.push([inner, level]);
  }
  return deepest;
}

/** A W3C traceparent (version 00): trace id and parent id, lower-case hex, neither all zeros. */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

export const callSchema = z
  .object({
    id: label(MAX_ID_LENGTH).optional(),
    occurredAt: z.iso
      .datetime({
        offset: true,
        message: "must be an ISO-8601 date-time with a time zone, e.g. 2026-11-29T10:00:00Z",
      })
      // null, like absent, is "when it is received" (a sender writing None/nil for an unknown time).
      .nullish(),
    durationMs: z
      .number()
      .finite()
      .nonnegative("must be ≥ 0")
      .max(86_400_000 * 7, "must be at most 7 days")
      .nullish(),
    server: label(LIMITS.server),
    tool: optionalLabel(LIMITS.tool),
    method: label(LIMITS.method).default("tools/call"),
    sessionId: optionalLabel(LIMITS.sessionId),
    agent: optionalLabel(LIMITS.agent),
    attempt: z.number().int("must be an integer").min(1, "must be ≥ 1").max(1_000_000).nullish(),
    /** A fingerprint of the arguments, computed by the sender (the arguments are never sent). */
    argumentsHash: label(LIMITS.argumentsHash).nullish(),
    httpStatus: z
      .number()
      .int("must be an integer")
      .min(100, "must be between 100 and 599")
      .max(599, "must be between 100 and 599")
      .nullish(),
    transportError: label(LIMITS.transportError).nullish(),
    response: z
      .union([z.string(), z.record(z.string(), z.unknown())], { error: "must be a JSON object or a string" })
      .nullish()
      .refine(
        (value) => nestingDepth(value) <= MAX_RESPONSE_DEPTH,
        `must not nest deeper than ${MAX_RESPONSE_DEPTH} levels`,
      ),
    /** What the tool threw, as the server saw it (server instrumentation): the client sees only its text. */
    serverError: raised,
    /** What the client library raised. */
    clientError: raised,
    protocolVersion: label(LIMITS.protocolVersion).nullish(),
    // Which route observed the call, and what identifies its request across routes (docs/ROUTES.md).
    route: z.enum(ROUTES, { error: `must be one of ${ROUTES.join(", ")}` }).nullish(),
    /** OTLP: which side's span it was. */
    side: z.enum(["client", "server"], { error: "must be client or server" }).nullish(),
    library: label(LIMITS.library).nullish(),
    traceparent: z
      .string()
      .regex(TRACEPARENT, "must be a W3C traceparent: 00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>")
      .nullish(),
    requestId: z
      .union([label(LIMITS.requestId), z.number().finite().transform(String)], {
        error: `must be a string (at most ${LIMITS.requestId} characters) or a number`,
      })
      .nullish(),
    mcpSessionId: label(LIMITS.mcpSessionId).nullish(),
    serverInfoName: label(LIMITS.serverInfoName).nullish(),
    isError: z.boolean().nullish(),
    errorCode: label(LIMITS.errorCode).nullish(),
    text: z.string().max(1_000_000, "must be at most 1000000 characters").nullish(),
  })
  .superRefine((call, context) => {
    if (call.method === "tools/call" && !call.tool) {
      context.addIssue({ code: "custom", path: ["tool"], message: "Required when method is tools/call" });
    }
    if (call.side && call.route !== "otlp") {
      // Only a span has a side; on another route it would be silently dropped.
      context.addIssue({ code: "custom", path: ["side"], message: "is only for route otlp (a span's side)" });
    }
    // How far back and ahead occurredAt may be depends on when the call is received: prepareCalls
    // (lib/ingest/time-window.ts).
  });

export type CallInput = z.infer<typeof callSchema>;

export interface FieldError {
  path: string;
  message: string;
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(body)",
    message: /received undefined$/.test(issue.message) ? "Required" : issue.message,
  }));
}
