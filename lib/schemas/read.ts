import { z } from "zod";
import { CATEGORIES, FLAGS, OUTCOMES } from "../classify/types";
import { ROUTES } from "../ingest/routes";
import { hasNoNul } from "./strings";

// Query parameters of the read API, shared by the route handlers and the pages.

/** A repeatable query parameter: absent, once, or several times — always an array after parsing. */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item));

/** A filter value: 1 to `max` characters, none of them NUL (PostgreSQL text cannot hold one). */
export const filterText = (max: number) =>
  z
    .string()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .refine(hasNoNul, "must not contain a NUL character");
/**
 * A period's end the read APIs accept: any instant in [1970, 2100). Wider ones mean no data and
 * would reach past what PostgreSQL and a Date hold once a card looks back a period as long.
 */
export const READ_INSTANT_RANGE = {
  from: new Date("1970-01-01T00:00:00Z"),
  to: new Date("2100-01-01T00:00:00Z"),
};
const instant = z.iso
  .datetime({ offset: true, message: "must be an ISO-8601 date-time with a time zone" })
  .transform((value) => new Date(value))
  .refine(
    (date) => date >= READ_INSTANT_RANGE.from && date < READ_INSTANT_RANGE.to,
    "must be between 1970-01-01 and 2100-01-01 (UTC)",
  );

/**
 * What the outcome filter offers: every failure counted once — the wire's outcomes, with `ok`
 * meaning a clean success and `silent_failure` the successes that failed (one definition of
 * failure: every non-ok call plus every silent failure).
 */
export const OUTCOME_FILTERS = [...OUTCOMES, "silent_failure"] as const;
export type OutcomeFilter = (typeof OUTCOME_FILTERS)[number];

/** A call's outcome as people read it (CSV, metrics): a silent failure is its own value, not `ok`. */
export function reportedOutcome(call: {
  outcome: (typeof OUTCOMES)[number];
  silentFailure: boolean;
}): OutcomeFilter {
  return call.outcome === "ok" && call.silentFailure ? "silent_failure" : call.outcome;
}

/** The filters of a call list, shared by the list (GET /api/v1/calls, Activity) and the export. */
const callFilterFields = {
  outcome: many(z.enum(OUTCOME_FILTERS, { error: `must be one of ${OUTCOME_FILTERS.join(", ")}` })),
  category: many(z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(", ")}` })),
  errorCode: many(filterText(200)),
  server: many(filterText(200)),
  tool: many(filterText(200)),
  method: many(filterText(100)),
  flag: many(z.enum(FLAGS, { error: "must be a known flag" })),
  /** Calls a route observed (otlp: either side's span). */
  route: many(z.enum(ROUTES, { error: `must be one of ${ROUTES.join(", ")}` })),
  sessionId: filterText(200).optional(),
  /** The agent (the client's name) that made the calls. */
  agent: filterText(200).optional(),
  signature: filterText(64).optional(),
  silentFailure: z
    .enum(["true", "false"], { error: "must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  from: instant.optional(),
  to: instant.optional(),
  q: filterText(200).optional(),
  order: z.enum(["desc", "asc"], { error: "must be desc or asc" }).default("desc"),
};

const fromBeforeTo = (query: { from?: Date; to?: Date }) => !query.from || !query.to || query.from < query.to;
const FROM_BEFORE_TO = { path: ["from"], message: "must be before to" };

export const listCallsQuerySchema = z
  .object({
    ...callFilterFields,
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be between 1 and 500")
      .max(500, "must be between 1 and 500")
      .default(50),
    cursor: filterText(300).optional(),
    /** Page back towards the start of the sort order (the "newer" page when newest first). */
    after: filterText(300).optional(),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);

/** What selects calls: the filters and the sort order, without paging. */
export type CallFilters = z.infer<z.ZodObject<typeof callFilterFields>>;

export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /api/v1/calls/export: every filter of the list, no paging (all matching calls), and a format. */
export const exportCallsQuerySchema = z
  .object({
    ...callFilterFields,
    format: z.enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(", ")}` }).default("csv"),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);

export type ExportCallsQuery = z.infer<typeof exportCallsQuerySchema>;

export type ListCallsQuery = z.infer<typeof listCallsQuerySchema>;

export const BUCKETS = ["minute", "hour", "day"] as const;
export type Bucket = (typeof BUCKETS)[number];

export const statsQuerySchema = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    bucket: z.enum(BUCKETS, { error: `must be one of ${BUCKETS.join(", ")}` }).optional(),
    server: many(filterText(200)),
    /** Methods to count (repeatable); default tools/call, the only method failure rates are about. */
    method: many(filterText(100)),
  })
  .refine((query) => !query.from || !query.to || query.from < query.to, {
    path: ["from"],
    message: "must be before to",
  });

export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** URLSearchParams → plain object, repeated keys becoming arrays. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    object[key] = values.length === 1 ? values[0]! : values;
  }
  return object;
}

/**
 * The Activity filters of a link, keeping every valid one: a field that is not valid (a hand-edited
 * or truncated link) is dropped and named, and the rest still apply.
 */
export function parseCallFiltersKeepingValid(input: Record<string, unknown>): {
  query: ListCallsQuery;
  ignored: string[];
} {
  let remaining = input;
  const ignored: string[] = [];
  for (;;) {
    const parsed = listCallsQuerySchema.safeParse(remaining);
    if (parsed.success) return { query: parsed.data, ignored };
    const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? "")))];
    const droppable = fields.filter((field) => field in remaining && !ignored.includes(field));
    // Nothing left to drop: an issue not tied to one field; no filter at all then.
    if (droppable.length === 0) {
      return { query: listCallsQuerySchema.parse({}), ignored: [...ignored, ...fields] };
    }
    ignored.push(...droppable);
    remaining = Object.fromEntries(Object.entries(remaining).filter(([key]) => !droppable.includes(key)));
  }
}

/** GET /api/v1/servers and /api/v1/servers/{server}: the period (default: the last 24 hours), widened to whole hours. */
export const serversQuerySchema = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    format: z.enum(["json", "markdown"], { error: "must be json or markdown" }).default("json"),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);

/** The most servers one /api/v1/servers request may ask for. */
export const FLEET_MAX_LIMIT = 500;

/** GET /api/v1/servers: the period, and a page of the fleet (worst first), searchable by name. */
export const fleetQuerySchema = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, `must be between 1 and ${FLEET_MAX_LIMIT}`)
      .max(FLEET_MAX_LIMIT, `must be between 1 and ${FLEET_MAX_LIMIT}`)
      .default(100),
    cursor: filterText(300).optional(),
    q: filterText(200).optional(),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);
export type ServersQuery = z.infer<typeof serversQuerySchema>;

/** GET /api/v1/sessions/{id}: a page of the session's calls in time order (keyset cursor). */
export const sessionQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be an integer")
    .min(1, "must be between 1 and 1000")
    .max(1000, "must be between 1 and 1000")
    .default(200),
  cursor: filterText(300).optional(),
});
export type SessionQuery = z.infer<typeof sessionQuerySchema>;

/** GET /api/v1/sessions: recent sessions, newest activity first (of some servers, when named). */
export const sessionsQuerySchema = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    server: many(filterText(200)),
    failedOnly: z
      .enum(["true", "false"], { error: "must be true or false" })
      .optional()
      .transform((value) => value === "true"),
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be between 1 and 200")
      .max(200, "must be between 1 and 200")
      .default(50),
    cursor: filterText(300).optional(),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);

/** The status filter of the signatures list: as the Failures page's tabs (active: open and regressed). */
export const SIGNATURE_STATUS_FILTERS = [
  "active",
  "open",
  "regressed",
  "resolved",
  "ignored",
  "all",
] as const;

/** GET /api/v1/signatures: the Failures page's filters (period, servers, search, new only, status), paged. */
export const signaturesQuerySchema = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    server: many(filterText(200)),
    q: filterText(200).optional(),
    new: z
      .enum(["true", "false"], { error: "must be true or false" })
      .optional()
      .transform((value) => value === "true"),
    status: z
      .enum(SIGNATURE_STATUS_FILTERS, { error: `must be one of ${SIGNATURE_STATUS_FILTERS.join(", ")}` })
      .default("active"),
    limit: z.coerce
      .number({ error: "must be a number" })
      .int("must be an integer")
      .min(1, "must be between 1 and 200")
      .max(200, "must be between 1 and 200")
      .default(50),
    cursor: filterText(300).optional(),
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);
export type SignaturesQuery = z.infer<typeof signaturesQuerySchema>;
