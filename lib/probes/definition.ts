import { RE2JS } from "re2js";
import { z } from "zod";
import { expected, label } from "../schemas/fields";
import { checkReceiverUrl } from "../alerts/receiver-url";
import { refusedLiteral } from "../http/guarded-lookup";
import { PROBES_ALLOW_SETTING } from "./fetch";
import { getEnv } from "../env";
import { InvalidInputError } from "../errors";
import { fieldErrors } from "../schemas/call";
import { isJsonStorable } from "../schemas/strings";

// What a probe is (docs/PROBES.md) and the one validation the API and the Settings form share.
// Everything here is typed by a project's admin and then acted on by the instance (HTTP) or by
// faultline-probe (stdio): bounded in size and depth, its patterns RE2 (linear time).

export const TRANSPORTS = ["http", "sse", "stdio"] as const;
export type ProbeTransport = (typeof TRANSPORTS)[number];

export const PROBE_LIMITS = {
  name: 100,
  server: 200,
  url: 2_000,
  commandParts: 64,
  commandChars: 8_000,
  headers: 20,
  headerValue: 4_000,
  argumentsBytes: 16_384,
  argumentsDepth: 10,
  pattern: 200,
  jsonExpectations: 10,
  jsonPath: 200,
  timeoutMs: { min: 1_000, max: 30_000, default: 10_000 },
  maxIntervalSeconds: 86_400,
} as const;

export interface JsonExpectation {
  /** A dotted path into the call's structured answer: "items[0].id", "status". */
  path: string;
  equals?: unknown;
  matches?: string;
}

export interface Expectation {
  /** Outcome ok and not a silent failure (default true); false: only that the server answered. */
  ok: boolean;
  /** An RE2 pattern the text the agent would see must match. */
  text?: string;
  json?: JsonExpectation[];
  /** The call's limit, in milliseconds. */
  maxDurationMs?: number;
}

export interface ProbeCallSpec {
  tool: string;
  arguments: Record<string, unknown>;
  expect: Expectation;
}

export interface ProbeInput {
  name: string;
  server: string;
  transport: ProbeTransport;
  url: string | null;
  command: string[] | null;
  headers: Record<string, string>;
  intervalSeconds: number;
  timeoutMs: number;
  call: ProbeCallSpec | null;
  enabled: boolean;
}

const pattern = z
  .string(expected("must be a string"))
  .max(PROBE_LIMITS.pattern, `must be at most ${PROBE_LIMITS.pattern} characters`)
  .superRefine((source, context) => {
    try {
      RE2JS.compile(source);
    } catch (error) {
      context.addIssue({
        code: "custom",
        message: `must be an RE2 pattern (no lookaround or backreferences): ${(error as Error).message.slice(0, 120)}`,
      });
    }
  });

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers Faultline sets itself, or that would change how the request is framed. */
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "content-type",
  "accept",
]);

const headers = z
  .record(
    z.string(),
    z
      .string(expected("must be a string"))
      .max(PROBE_LIMITS.headerValue, `must be at most ${PROBE_LIMITS.headerValue} characters`)
      .regex(/^[\t\x20-\x7e\x80-\xff]*$/, "must be printable text on one line"),
    expected("must be an object of header names and values"),
  )
  .superRefine((value, context) => {
    const names = Object.keys(value);
    if (names.length > PROBE_LIMITS.headers) {
      context.addIssue({ code: "custom", message: `must hold at most ${PROBE_LIMITS.headers} headers` });
    }
    for (const name of names) {
      if (!HEADER_NAME.test(name)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: "is not an HTTP header name (letters, digits, - and a few symbols)",
        });
      } else if (RESERVED_HEADERS.has(name.toLowerCase())) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: "is set by the probe itself; leave it out",
        });
      }
    }
  });

const args = z
  .record(z.string(), z.unknown(), expected("must be a JSON object of the tool's arguments"))
  .superRefine((value, context) => {
    const text = JSON.stringify(value);
    if (Buffer.byteLength(text, "utf8") > PROBE_LIMITS.argumentsBytes) {
      context.addIssue({
        code: "custom",
        message: `must be at most ${PROBE_LIMITS.argumentsBytes} bytes as JSON`,
      });
    } else if (depthOf(value) > PROBE_LIMITS.argumentsDepth) {
      context.addIssue({
        code: "custom",
        message: `must nest at most ${PROBE_LIMITS.argumentsDepth} levels`,
      });
    } else if (!isJsonStorable(value)) {
      context.addIssue({ code: "custom", message: UNSTORABLE });
    }
  });

const UNSTORABLE = "must not contain a NUL character or an unpaired surrogate (\\u0000, \\uD800–\\uDFFF)";

const JSON_PATH = /^[A-Za-z0-9_$-]+(?:\[\d{1,4}\])*(?:\.[A-Za-z0-9_$-]+(?:\[\d{1,4}\])*)*$/;

const expectation = z.strictObject(
  {
    ok: z.boolean(expected("must be true or false")).default(true),
    text: pattern.optional(),
    json: z
      .array(
        z.strictObject(
          {
            path: z
              .string(expected("must be a string"))
              .max(PROBE_LIMITS.jsonPath, `must be at most ${PROBE_LIMITS.jsonPath} characters`)
              .regex(JSON_PATH, 'must be a dotted path such as "items[0].id"'),
            equals: z
              .unknown()
              .refine((value) => value === undefined || isJsonStorable(value), UNSTORABLE)
              .optional(),
            matches: pattern.optional(),
          },
          expected("must be an object {path, equals} or {path, matches}"),
        ),
        expected("must be a list of {path, equals | matches}"),
      )
      .max(PROBE_LIMITS.jsonExpectations, `must hold at most ${PROBE_LIMITS.jsonExpectations} expectations`)
      .optional(),
    maxDurationMs: z
      .number(expected("must be a number"))
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(PROBE_LIMITS.timeoutMs.max, `must be at most ${PROBE_LIMITS.timeoutMs.max}`)
      .optional(),
  },
  expected("must be an object {ok, text, json, maxDurationMs}"),
);

const callSpec = z.strictObject(
  {
    tool: label(200),
    arguments: args.default({}),
    expect: expectation.default({ ok: true }),
  },
  expected("must be an object {tool, arguments, expect}"),
);

const command = z
  .array(label(1_000), expected("must be a list of strings: the command and its arguments"))
  .min(1, "must name the command")
  .max(PROBE_LIMITS.commandParts, `must have at most ${PROBE_LIMITS.commandParts} parts`)
  .refine(
    (parts) => parts.join(" ").length <= PROBE_LIMITS.commandChars,
    `must be at most ${PROBE_LIMITS.commandChars} characters in all`,
  );

/** The operator's rules for probes (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS, FAULTLINE_PROBES_ALLOW_PRIVATE). */
export function probeRules(): ProbeRules {
  const env = getEnv();
  return {
    minIntervalSeconds: env.FAULTLINE_PROBES_MIN_INTERVAL_SECONDS,
    allowPrivate: env.FAULTLINE_PROBES_ALLOW_PRIVATE,
  };
}

/** Where probes may connect: internal addresses need FAULTLINE_PROBES_ALLOW_PRIVATE=1. */
export interface ProbeRules {
  minIntervalSeconds: number;
  allowPrivate: boolean;
}

const LOCAL_NAME = /^(?:localhost|[\w-]+\.localhost)\.?$/i;

/** Why a URL's host is refused before anything runs: a literal internal address or a localhost name. */
function internalHost(value: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const refused =
    LOCAL_NAME.test(url.hostname) || refusedLiteral(url.hostname, PROBES_ALLOW_SETTING) !== undefined;
  return refused
    ? `names an internal address (loopback, private or link-local): set ${PROBES_ALLOW_SETTING}=1 to probe servers on this network`
    : undefined;
}

function fields({ minIntervalSeconds, allowPrivate }: ProbeRules) {
  return {
    name: label(PROBE_LIMITS.name),
    server: label(PROBE_LIMITS.server),
    transport: z.enum(TRANSPORTS, expected(`must be one of ${TRANSPORTS.join(", ")}`)),
    url: z
      .string(expected("must be a string"))
      .trim()
      .max(PROBE_LIMITS.url, `must be at most ${PROBE_LIMITS.url} characters`)
      .superRefine((value, context) => {
        const problem = checkReceiverUrl(value) ?? internalHost(value, allowPrivate);
        if (problem) context.addIssue({ code: "custom", message: problem });
      }),
    command,
    headers,
    intervalSeconds: z
      .number(expected("must be a number"))
      .int("must be a whole number")
      .min(
        minIntervalSeconds,
        `must be at least ${minIntervalSeconds} (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS)`,
      )
      .max(PROBE_LIMITS.maxIntervalSeconds, `must be at most ${PROBE_LIMITS.maxIntervalSeconds}`),
    timeoutMs: z
      .number(expected("must be a number"))
      .int("must be a whole number")
      .min(
        PROBE_LIMITS.timeoutMs.min,
        `must be between ${PROBE_LIMITS.timeoutMs.min} and ${PROBE_LIMITS.timeoutMs.max}`,
      )
      .max(
        PROBE_LIMITS.timeoutMs.max,
        `must be between ${PROBE_LIMITS.timeoutMs.min} and ${PROBE_LIMITS.timeoutMs.max}`,
      ),
    call: callSpec.nullable(),
    enabled: z.boolean(expected("must be true or false")),
  };
}

const BODY = expected("must be a JSON object");

/** A new probe from a request body or a form, or InvalidInputError naming each field and its rule. */
export function parseNewProbe(body: unknown, rules: ProbeRules): ProbeInput {
  const f = fields(rules);
  const { minIntervalSeconds } = rules;
  const schema = z.strictObject(
    {
      name: f.name,
      server: f.server,
      transport: f.transport,
      url: f.url.optional(),
      command: f.command.optional(),
      headers: f.headers.default({}),
      intervalSeconds: f.intervalSeconds.default(Math.max(300, minIntervalSeconds)),
      timeoutMs: f.timeoutMs.default(PROBE_LIMITS.timeoutMs.default),
      call: f.call.default(null),
      enabled: f.enabled.default(true),
    },
    BODY,
  );
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(fieldErrors(parsed.error));
  const probe: ProbeInput = {
    ...parsed.data,
    url: parsed.data.url ?? null,
    command: parsed.data.command ?? null,
  };
  assertTransportFields(probe);
  return probe;
}

/** The fields of a PATCH, or InvalidInputError. */
export function parseProbePatch(body: unknown, rules: ProbeRules): Partial<ProbeInput> {
  const f = fields(rules);
  const schema = z.strictObject(
    {
      name: f.name.optional(),
      server: f.server.optional(),
      url: f.url.optional(),
      command: f.command.optional(),
      headers: f.headers.optional(),
      intervalSeconds: f.intervalSeconds.optional(),
      timeoutMs: f.timeoutMs.optional(),
      call: f.call.optional(),
      enabled: f.enabled.optional(),
    },
    BODY,
  );
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidInputError(fieldErrors(parsed.error));
  const patch = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  if (Object.keys(patch).length === 0) {
    throw new InvalidInputError([{ path: "(body)", message: "must change at least one field" }]);
  }
  return patch as Partial<ProbeInput>;
}

/** The transport's own fields: a URL for HTTP, a command for stdio, headers only over HTTP. */
export function assertTransportFields(probe: ProbeInput): void {
  const problems: { path: string; message: string }[] = [];
  const http = probe.transport !== "stdio";
  if (http && !probe.url)
    problems.push({ path: "url", message: `is required for transport ${probe.transport}` });
  if (http && probe.command) problems.push({ path: "command", message: "is only for transport stdio" });
  if (!http && !probe.command) problems.push({ path: "command", message: "is required for transport stdio" });
  if (!http && probe.url) problems.push({ path: "url", message: "is only for transports http and sse" });
  if (!http && Object.keys(probe.headers).length > 0) {
    problems.push({
      path: "headers",
      message: "are only for transports http and sse (a stdio server gets its env where it runs)",
    });
  }
  if (problems.length > 0) throw new InvalidInputError(problems);
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > PROBE_LIMITS.argumentsDepth + 1 || typeof value !== "object" || value === null) return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
  return deepest;
}
