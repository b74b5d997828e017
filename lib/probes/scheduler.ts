import type { Pool } from "pg";
import { getEnv } from "../env";
import { DEFAULT_MAX_RESPONSE_BYTES, runAndRecord, type HttpProbeOptions } from "./execute";
import { claimDueProbes } from "./store";

// The instance's probe loop: every TICK_MS it claims the HTTP probes that are due (as many as it
// has free slots: FAULTLINE_PROBES_CONCURRENCY) and runs them. A claim moves the probe's next run
// on in the same statement (lib/probes/store.ts), so with several instances on one database each
// occasion runs once, on whichever claimed it. Stdio probes are never claimed: faultline-probe
// runs them where their servers run.

const TICK_MS = 1_000;

export interface ProbeSchedule {
  /** Stops claiming; resolves once the runs in flight are recorded. */
  stop(): Promise<void>;
}

export interface ProbeScheduleOptions extends HttpProbeOptions {
  concurrency: number;
  tickMs?: number;
}

export function probeScheduleOptions(): ProbeScheduleOptions {
  const env = getEnv();
  return {
    allowPrivate: env.FAULTLINE_PROBES_ALLOW_PRIVATE,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    concurrency: env.FAULTLINE_PROBES_CONCURRENCY,
  };
}

export function scheduleProbes(
  pool: Pool,
  options: ProbeScheduleOptions = probeScheduleOptions(),
): ProbeSchedule {
  const running = new Set<Promise<void>>();
  let claiming = false;
  let stopped = false;

  const tick = async () => {
    if (claiming || stopped) return;
    const free = options.concurrency - running.size;
    if (free <= 0) return;
    claiming = true;
    try {
      for (const probe of await claimDueProbes(pool, new Date(), free)) {
        const run = runAndRecord(pool, probe, options)
          .then(() => undefined)
          .catch((error: unknown) =>
            console.warn(
              `[faultline] probe "${probe.name}" could not be recorded; it runs again at its next interval:`,
              (error as Error).message,
            ),
          )
          .finally(() => running.delete(run));
        running.add(run);
      }
    } catch (error) {
      console.warn("[faultline] claiming due probes failed; will retry:", (error as Error).message);
    } finally {
      claiming = false;
    }
  };
  const timer = setInterval(() => void tick(), options.tickMs ?? TICK_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...running]);
    },
  };
}
