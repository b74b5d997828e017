import { RE2JS } from "re2js";
import { z } from "zod";
import { parseTrustedProxies } from "./http/trusted-proxies";
import { DEFAULT_LATE_ARRIVAL_DAYS, DEFAULT_MAX_RETENTION_DAYS } from "./ingest/time-window";

// The one place that reads process.env. Everything else asks getEnv().

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const nonNegativeNumber = (fallback: number) => z.coerce.number().nonnegative().default(fallback);

/** A switch: 1/true on, 0/false/unset off; anything else is a mistake worth stopping for. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .pipe(
    z
      .enum(["", "0", "1", "true", "false"], { error: "must be 1 or 0 (or true or false)" })
      .optional()
      .transform((value) => value === "1" || value === "true"),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  /** An existing PostgreSQL server. Unset: Faultline starts an embedded one under FAULTLINE_DATA_DIR. */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** Unset: ".data" in the working directory (which, under root, may move where PostgreSQL can reach it). */
  FAULTLINE_DATA_DIR: optionalString,
  /** Unset: 54329, or a free port when that one is taken (lib/db/embedded-port). Set: that port or an error. */
  FAULTLINE_EMBEDDED_PG_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, "must be a port number")
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, "must be a port from 1 to 65535")
          .max(65535, "must be a port from 1 to 65535"),
      )
      .optional(),
  ),
  /**
   * A streaming replica (hot standby) of DATABASE_URL for dashboard pages and the read API
   * (lib/db/read-routing). Unset: they read from DATABASE_URL. Writes, sign-in, sessions,
   * keys, settings and alerts always use DATABASE_URL.
   */
  FAULTLINE_READ_DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  /** A replica further behind the primary than this is not read from: reads go to the primary until it catches up. */
  FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS: z.coerce
    .number()
    .min(0.5, "must be at least 0.5")
    .max(3600, "must be at most 3600")
    .default(5),
  /** Connections for ingest, auth and settings. */
  FAULTLINE_DB_POOL_SIZE: positiveInt(10),
  /** Connections for reads (dashboard and read API), apart from ingest's. */
  FAULTLINE_DB_READ_POOL_SIZE: positiveInt(8),
  /** A read statement running longer than this is cancelled (the answer is 503 query_timeout). */
  FAULTLINE_READ_TIMEOUT_MS: positiveInt(10_000),
  /**
   * A CSV/JSONL export is cancelled after this long (its cursor runs in a transaction with this
   * statement_timeout instead of the read timeout): the download then ends incomplete.
   */
  FAULTLINE_EXPORT_TIMEOUT_MS: positiveInt(30 * 60_000),
  /** An export whose client takes nothing for this long is ended, releasing its connection and snapshot. */
  FAULTLINE_EXPORT_IDLE_TIMEOUT_MS: positiveInt(15_000),
  /** Exports one principal (a project's keys, or a signed-in user) may run at once. */
  FAULTLINE_EXPORTS_PER_PRINCIPAL: positiveInt(1),
  /** Read API requests per second allowed per key or signed-in user (token bucket refill); 0 disables. */
  FAULTLINE_READ_RATE_PER_SECOND: nonNegativeNumber(20),
  FAULTLINE_READ_RATE_BURST: positiveInt(40),
  /** Read API requests one key or user may have running at once; more answer 429. */
  FAULTLINE_READ_CONCURRENCY: positiveInt(4),
  /** Ensures a "default" project holding this key with the ingest and read scopes. */
  FAULTLINE_INIT_INGEST_KEY: optionalString.pipe(
    z
      .string()
      .min(24, "must be at least 24 characters")
      .max(200, "must be at most 200 characters")
      .optional(),
  ),
  /** The first dashboard admin; unset, a generated password for admin@faultline.local is printed once. */
  FAULTLINE_ADMIN_EMAIL: optionalString.pipe(z.email("must be an email address").optional()),
  FAULTLINE_ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(12, "must be at least 12 characters").optional(),
  ),
  /**
   * The longest retention a project may have (lib/ingest/time-window.ts): each day kept is a
   * partition of `calls`, about 16 relations that a query reaching back over it locks.
   */
  FAULTLINE_MAX_RETENTION_DAYS: z.coerce
    .number()
    .int("must be whole days")
    .min(1, "must be at least 1 day")
    .max(3650, "must be at most 3650 days")
    .default(DEFAULT_MAX_RETENTION_DAYS),
  /** How late a call may arrive: its occurredAt at most this many days before it is received. */
  FAULTLINE_LATE_ARRIVAL_DAYS: z.coerce
    .number()
    .int("must be whole days")
    .min(1, "must be at least 1 day")
    .max(3650, "must be at most 3650 days")
    .default(DEFAULT_LATE_ARRIVAL_DAYS),
  FAULTLINE_MAX_BODY_BYTES: positiveInt(5 * 1024 * 1024),
  /** OTLP bodies, after inflating: exporters batch thousands of spans (the Collector's default batch is 8,192). */
  FAULTLINE_OTLP_MAX_BODY_BYTES: positiveInt(16 * 1024 * 1024),
  /** What one request may unpack into, counted before it is decoded (lib/ingest/limits). */
  FAULTLINE_OTLP_MAX_SPANS: positiveInt(16_384),
  FAULTLINE_OTLP_MAX_ATTRIBUTES: positiveInt(524_288),
  FAULTLINE_OTLP_MAX_EVENTS: positiveInt(32_768),
  FAULTLINE_MAX_JSON_VALUES: positiveInt(1_000_000),
  /** Worker threads that decode and classify ingest requests; unset: one fewer than the CPUs, 1 to 4. */
  FAULTLINE_INGEST_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** A request still being decoded after this long is stopped (503) and its worker replaced. */
  FAULTLINE_INGEST_WORK_TIMEOUT_MS: positiveInt(30_000),
  /** Each ingest worker's heap; a request needing more is refused (413), the server is untouched. */
  FAULTLINE_INGEST_WORKER_HEAP_MB: positiveInt(256).pipe(z.number().min(64, "must be at least 64")),
  /**
   * Jobs each set of ingest workers runs before a fresh set replaces it (the old one finishes what it
   * runs, then exits, returning its isolates' memory); 0 (the default) never replaces them. Off by
   * default until one unexplained server death in a CI fuzz run is understood (docs/SCALING.md).
   */
  FAULTLINE_INGEST_WORKER_RECYCLE_JOBS: z.coerce.number().int().min(0).default(0),
  /** Bytes of ingest bodies the instance holds at once (being read or decoded); more: 503, Retry-After. */
  FAULTLINE_INGEST_INFLIGHT_BYTES: positiveInt(128 * 1024 * 1024),
  /** Webhook requests per second allowed per key (token bucket refill); 0 disables the limit. */
  FAULTLINE_INGEST_RATE_PER_SECOND: nonNegativeNumber(100),
  FAULTLINE_INGEST_RATE_BURST: positiveInt(200),
  /**
   * Accounts one client address may have failed sign-ins counted against within a day; an
   * attempt at one more waits until the oldest is a day old (bounds what one address stores).
   */
  FAULTLINE_SIGN_IN_ACCOUNTS_PER_ADDRESS: positiveInt(20),
  /** Sign-in throttle entries kept in all; past it the least recently used are forgotten first. */
  FAULTLINE_SIGN_IN_MAX_ENTRIES: positiveInt(100_000).pipe(z.number().min(1000, "must be at least 1000")),
  /** Projects a dashboard user who is not an admin may create in an hour; 0: only admins create projects. */
  FAULTLINE_PROJECTS_PER_USER_PER_HOUR: z.coerce.number().int().nonnegative().default(10),
  /** Projects the instance may hold before dashboard users may create more (the CLI is not held to it). */
  FAULTLINE_MAX_PROJECTS: positiveInt(1000),
  /** Proxies whose X-Forwarded-For is believed (IPs or CIDR ranges, comma-separated); none by default. */
  FAULTLINE_TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustedProxies(value ?? "");
      } catch (error) {
        context.addIssue({
          code: "custom",
          message: `must be IP addresses or CIDR ranges, comma-separated: ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
  /**
   * /metrics answers without a key, with everything (for a Prometheus on a private network);
   * off: a project's read key sees that project's series, FAULTLINE_METRICS_TOKEN everything.
   */
  FAULTLINE_METRICS_PUBLIC: flag,
  /** The instance-level /metrics credential (a bearer token): process, pools, database, every project. */
  FAULTLINE_METRICS_TOKEN: optionalString.pipe(
    z
      .string()
      .min(24, "must be at least 24 characters")
      .max(200, "must be at most 200 characters")
      .optional(),
  ),
  /**
   * /metrics labels the per-server series of each project with its this-many busiest servers
   * (tools/call volume over the last 7 days, from the rollups); every other server is "other".
   */
  FAULTLINE_METRICS_TOP_SERVERS: positiveInt(20).pipe(z.number().max(500, "must be at most 500")),
  /** Likewise the per-tool series: a project's this-many busiest (server, tool) pairs keep their tool name. */
  FAULTLINE_METRICS_TOP_TOOLS: positiveInt(50).pipe(z.number().max(1000, "must be at most 1000")),
  /**
   * This instance's address as people reach it (https://faultline.example.com): alert messages
   * link to dashboard views under it. Unset: links are paths only (/calls?…).
   */
  FAULTLINE_PUBLIC_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/,
        "must be an http:// or https:// URL without query or fragment",
      )
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  /**
   * Who writes the figures (rollups, read models) a batch adds (lib/ingest/fold): `inline`
   * (default) its own ingest transaction, so a page read after the answer shows the calls;
   * `background` a fold after the calls are durable, the answer sent before it.
   */
  FAULTLINE_FOLD: z
    .enum(["inline", "background"], { error: "must be inline or background" })
    .default("inline"),
  /** Alert rules are evaluated (from the rollups) this often, by one instance at a time. */
  FAULTLINE_ALERTS_INTERVAL_SECONDS: z.coerce
    .number()
    .min(0.1, "must be at least 0.1")
    .max(3600, "must be at most 3600")
    .default(60),
  /** The first retry of an undelivered alert waits this long; each further one twice as long (at most 1 h). */
  FAULTLINE_ALERTS_RETRY_SECONDS: z.coerce
    .number()
    .min(0.05, "must be at least 0.05")
    .max(3600, "must be at most 3600")
    .default(10),
  /** Attempts per alert message before it is given up (recorded as failed). */
  FAULTLINE_ALERTS_MAX_ATTEMPTS: positiveInt(8).pipe(z.number().max(50, "must be at most 50")),
  /**
   * Alert receivers may be loopback, private, link-local or other internal addresses. Off
   * (default): a receiver URL whose host resolves to one is refused at send time (SSRF).
   */
  FAULTLINE_ALERTS_ALLOW_PRIVATE: flag,
  /**
   * Probes (docs/PROBES.md) may reach internal addresses (loopback, private, link-local). Off
   * (default): a probe URL whose host is or resolves to one is refused when it runs (SSRF).
   */
  FAULTLINE_PROBES_ALLOW_PRIVATE: flag,
  /** The shortest interval a probe may run at, in seconds (a probe is a request the instance makes). */
  FAULTLINE_PROBES_MIN_INTERVAL_SECONDS: positiveInt(60).pipe(
    z.number().min(10, "must be at least 10").max(86_400, "must be at most 86400"),
  ),
  /** Probes one instance runs at once (each holds a socket for at most its timeout). */
  FAULTLINE_PROBES_CONCURRENCY: positiveInt(4).pipe(z.number().max(64, "must be at most 64")),
  /** Run the instance's HTTP probes (set 0 to leave probing to other instances). */
  FAULTLINE_PROBES: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .optional()
    .transform((value) => value !== "0"),
  /**
   * Alert messages one instance sends at once. Each holds a socket while its receiver answers
   * (at most the 5 s deadline) and a database connection only to record the attempt.
   */
  FAULTLINE_ALERTS_CONCURRENCY: positiveInt(32).pipe(z.number().max(1000, "must be at most 1000")),
  /**
   * Of those, the most one project may have in flight (at most FAULTLINE_ALERTS_CONCURRENCY):
   * a project whose receivers all hang leaves the other slots to other projects.
   */
  FAULTLINE_ALERTS_PROJECT_CONCURRENCY: positiveInt(8),
  /**
   * Of a project's, the most one receiver (scheme, host and port of its URL) may have in flight
   * (at most FAULTLINE_ALERTS_PROJECT_CONCURRENCY): a receiver that hangs leaves the project's
   * other slots to its other receivers.
   */
  FAULTLINE_ALERTS_RECEIVER_CONCURRENCY: positiveInt(2),
  /**
   * Where PagerDuty events are sent (default https://events.pagerduty.com/v2/enqueue), and the
   * base that replaces both Opsgenie regions' (https://api.opsgenie.com, api.eu.opsgenie.com).
   * For a proxy or a test receiver: set by the operator only — a rule chooses a region, never a
   * host — and still subject to FAULTLINE_ALERTS_ALLOW_PRIVATE.
   */
  FAULTLINE_ALERTS_PAGERDUTY_URL: optionalString.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s#]+$/, "must be an http:// or https:// URL")
      .optional(),
  ),
  FAULTLINE_ALERTS_OPSGENIE_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/[^\s/?#]+\/?$/,
        "must be an http:// or https:// origin (no path, query or fragment)",
      )
      .optional(),
  ),
  /** Extra secret patterns to mask in stored text: a JSON array of regular-expression sources. */
  FAULTLINE_REDACT_PATTERNS: z
    .string()
    .optional()
    .transform((value, context) => {
      if (!value?.trim()) return [];
      try {
        const patterns: unknown = JSON.parse(value);
        if (!Array.isArray(patterns) || !patterns.every((pattern) => typeof pattern === "string"))
          throw new Error("not an array of strings");
        for (const pattern of patterns) RE2JS.compile(pattern);
        return patterns as string[];
      } catch (error) {
        context.addIssue({
          code: "custom",
          message: `must be a JSON array of regular expressions in RE2 syntax, which runs in linear time (no lookaround or backreferences): ${(error as Error).message}`,
        });
        return z.NEVER;
      }
    }),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
