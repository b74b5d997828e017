import pg from "pg";

// Watches the read replica (FAULTLINE_READ_DATABASE_URL) from this instance: is it reachable,
// is it a standby, and how far behind the primary is it. Twice a second it samples the
// primary's WAL position (pg_current_wal_lsn) and then asks the replica how far it has
// replayed (pg_last_wal_replay_lsn). The newest primary sample the replica has replayed past
// says "everything committed on the primary by that instant is on the replica": that instant is
// `completeAsOf`; the lag is how long the replica took to have this check's sample (asked again
// a few times, 10 ms apart), or, when it still has not, how long before it the newest sample it
// has was taken. Unlike
// now() - pg_last_xact_replay_timestamp(), this reads 0 for a caught-up replica of an idle
// primary, and it is exactly what read-your-writes needs (lib/db/read-routing).
//
// Each side is asked on a connection of the monitor's own, not from the pools: a read pool
// full of slow dashboard queries, or a write pool busy with ingest, must not make a healthy
// replica look dead.

export type ReplicaState = "starting" | "streaming" | "lagging" | "down" | "not_standby";

export interface ReplicaStatus {
  state: ReplicaState;
  /** How far behind the primary the replica was at the last check, in seconds; null before the first. */
  lagSeconds: number | null;
  /** Everything the primary had committed by this instant (ms, this instance's clock) is on the replica. */
  completeAsOf: number | null;
  /** When the replica last answered a check (ms). */
  checkedAt: number | null;
  /** Why the replica is down or not a standby, in a few words. */
  problem?: string;
  maxLagSeconds: number;
}

export interface MonitorOptions {
  maxLagSeconds: number;
  /** Between checks; default 500 ms. */
  intervalMs?: number;
  /** A check not answered within this long counts as the replica being down; default 2 s. */
  checkTimeoutMs?: number;
  log?: (line: string) => void;
}

interface Sample {
  at: number;
  lsn: bigint;
}

/** A pg_lsn's text ("16/B374D848") as a number that compares. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split("/");
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Asks of the replica more, QUICK_ASK_MS apart, when it has not yet replayed this check's primary sample. */
const QUICK_ASKS = 4;
const QUICK_ASK_MS = 10;

/** Samples older than the newest one the replica has passed are no longer needed; at most this many are kept. */
const MAX_SAMPLES = 10_000;

export class ReplicaMonitor {
  private readonly samples: Sample[] = [];
  private completeAsOf: number | null = null;
  private lagSeconds: number | null = null;
  private checkedAt: number | null = null;
  private standby = true;
  private problem: string | undefined;
  private failedLast = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;
  private clients: { primary?: pg.Client; replica?: pg.Client } = {};
  private lastState: ReplicaState = "starting";
  private readonly intervalMs: number;
  private readonly checkTimeoutMs: number;
  private readonly log: (line: string) => void;
  /** The replica as the log names it: host, port and database, never the credentials. */
  private readonly where: string;

  constructor(
    private readonly primaryUrl: string,
    private readonly replicaUrl: string,
    private readonly options: MonitorOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 500;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 2_000;
    this.log = options.log ?? ((line) => console.log(line));
    this.where = hostOf(replicaUrl);
  }

  /** Settles when the first check has (whatever it found); reads go to the primary until then. */
  firstCheck: Promise<void> = Promise.resolve();

  /** Checks once now, then every intervalMs until stop(). */
  start(): void {
    this.firstCheck = this.running = this.checkOnce().finally(() => this.schedule());
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.checkOnce().finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
    await Promise.all(Object.values(this.clients).map((client) => client?.end().catch(() => {})));
    this.clients = {};
  }

  /** What the routing rule and the gauges read: derived from the last check, as of `now`. */
  status(now = Date.now()): ReplicaStatus {
    const base = {
      lagSeconds: this.lagSeconds,
      completeAsOf: this.completeAsOf,
      checkedAt: this.checkedAt,
      maxLagSeconds: this.options.maxLagSeconds,
    };
    if (this.failedLast) return { ...base, state: "down", problem: this.problem };
    if (!this.standby)
      return { ...base, state: "not_standby", problem: "it is not in recovery (not a standby)" };
    if (this.checkedAt === null) return { ...base, state: "starting" };
    // A check that has hung longer than the lag bound cannot vouch for the replica any more.
    const silentSeconds = (now - this.checkedAt) / 1000;
    if (silentSeconds > this.options.maxLagSeconds) {
      return { ...base, state: "down", problem: `no answer for ${silentSeconds.toFixed(1)} s` };
    }
    if ((this.lagSeconds ?? 0) > this.options.maxLagSeconds) return { ...base, state: "lagging" };
    return { ...base, state: "streaming" };
  }

  /** A read on the replica failed the way a dead replica fails: stop sending reads there until a check succeeds. */
  reportFailure(error: unknown): void {
    this.failedLast = true;
    this.problem = describe(error);
    this.noteTransition();
  }

  private async checkOnce(): Promise<void> {
    try {
      const at = Date.now();
      const primary = await this.ask("primary", "SELECT pg_current_wal_lsn()::text AS lsn");
      const sample = { at, lsn: parseLsn(String(primary.lsn)) };
      this.samples.push(sample);
      if (this.samples.length > MAX_SAMPLES) this.samples.shift();
      // Under steady ingest the primary has moved on by the time the replica is asked; a few
      // quick asks more tell "a few milliseconds behind" from "a whole check behind".
      let replayed: bigint | undefined;
      let asks = 0;
      for (let ask = 0; ask <= QUICK_ASKS; ask++) {
        asks = ask;
        if (ask > 0) await new Promise((resolve) => setTimeout(resolve, QUICK_ASK_MS));
        const replica = await this.ask(
          "replica",
          "SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed",
        );
        this.standby = replica.standby === true && typeof replica.replayed === "string";
        if (!this.standby) break;
        replayed = parseLsn(String(replica.replayed));
        if (replayed >= sample.lsn) break;
      }
      this.failedLast = false;
      this.problem = undefined;
      this.checkedAt = Date.now();
      if (replayed !== undefined) this.advance(replayed, sample, asks === 0 ? sample.at : this.checkedAt);
    } catch (error) {
      this.failedLast = true;
      this.problem = describe(error);
    }
    this.noteTransition();
  }

  /**
   * The replica has replayed up to `replayed` by `answeredAt`; `latest` is this check's primary
   * sample. Lag: 0 when it had the sample at the first ask (answeredAt is then the sample's
   * time); how long after the sample it had it when that took a quick ask or more; otherwise
   * how long before the sample the newest one it has was taken (to within a check interval).
   */
  private advance(replayed: bigint, latest: Sample, answeredAt: number): void {
    let passed = -1;
    for (let index = this.samples.length - 1; index >= 0; index--) {
      if (this.samples[index]!.lsn <= replayed) {
        passed = index;
        break;
      }
    }
    if (passed >= 0) {
      this.completeAsOf = Math.max(this.completeAsOf ?? 0, this.samples[passed]!.at);
      this.samples.splice(0, passed);
    }
    if (this.completeAsOf === null) return;
    this.lagSeconds =
      replayed >= latest.lsn
        ? Math.max(0, answeredAt - latest.at) / 1000
        : Math.max(0, latest.at - this.completeAsOf) / 1000;
  }

  private async ask(side: "primary" | "replica", sql: string): Promise<Record<string, unknown>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${this.checkTimeoutMs} ms`)),
        this.checkTimeoutMs,
      );
    });
    try {
      const result = await Promise.race([this.client(side).then((client) => client.query(sql)), timeout]);
      return (result.rows[0] ?? {}) as Record<string, unknown>;
    } catch (error) {
      this.drop(side);
      throw side === "primary"
        ? new Error(`the primary did not answer the check: ${describe(error)}`)
        : error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async client(side: "primary" | "replica"): Promise<pg.Client> {
    const existing = this.clients[side];
    if (existing) return existing;
    const client = new pg.Client({
      connectionString: side === "primary" ? this.primaryUrl : this.replicaUrl,
      connectionTimeoutMillis: this.checkTimeoutMs,
      application_name: "faultline-replica-monitor",
    });
    // A connection lost while idle is dropped here and made again at the next check.
    client.on("error", () => this.drop(side));
    this.clients[side] = client;
    await client.connect();
    return client;
  }

  private drop(side: "primary" | "replica"): void {
    const client = this.clients[side];
    this.clients[side] = undefined;
    void client?.end().catch(() => {});
  }

  /** Says in the log when reads leave the replica, why, and when they come back. */
  private noteTransition(): void {
    const status = this.status();
    if (status.state === this.lastState) return;
    const was = this.lastState;
    this.lastState = status.state;
    if (status.state === "starting") return;
    if (status.state === "streaming") {
      this.log(
        `[faultline] read replica ${this.where} serving reads${was === "starting" ? "" : " again"} (${(status.lagSeconds ?? 0).toFixed(1)} s behind the primary)`,
      );
      return;
    }
    const why =
      status.state === "lagging"
        ? `${(status.lagSeconds ?? 0).toFixed(1)} s behind the primary, over FAULTLINE_READ_REPLICA_MAX_LAG_SECONDS=${status.maxLagSeconds}`
        : status.state === "not_standby"
          ? "FAULTLINE_READ_DATABASE_URL is not a standby (pg_is_in_recovery() is false)"
          : `unreachable (${status.problem ?? "no answer"})`;
    this.log(
      `[faultline] read replica ${this.where} ${why}: dashboard and read-API reads go to the primary until it is back`,
    );
  }
}

function describe(error: unknown): string {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  const message = String(candidate?.message ?? error).slice(0, 200);
  return typeof candidate?.code === "string" && !message.includes(candidate.code)
    ? `${candidate.code}: ${message}`
    : message;
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return "(URL not parsed)";
  }
}

/** The replica's state in one sentence, as Settings shows it to admins. */
export function describeReplica(status: ReplicaStatus): { serving: boolean; text: string } {
  const behind = `${(status.lagSeconds ?? 0).toFixed(1)} s behind the primary`;
  const bound = `${status.maxLagSeconds} s`;
  switch (status.state) {
    case "streaming":
      return { serving: true, text: `Serving dashboard and read-API reads, ${behind} (bound ${bound}).` };
    case "lagging":
      return {
        serving: false,
        text: `Not serving: ${behind}, over the ${bound} bound. Reads go to the primary until it catches up.`,
      };
    case "down":
      return {
        serving: false,
        text: `Not serving: unreachable (${status.problem ?? "no answer"}). Reads go to the primary until it is back.`,
      };
    case "not_standby":
      return {
        serving: false,
        text: "Not serving: FAULTLINE_READ_DATABASE_URL is not a standby (pg_is_in_recovery() is false). Reads go to the primary.",
      };
    case "starting":
      return {
        serving: false,
        text: "Not checked yet. Reads go to the primary until the first check answers.",
      };
  }
}
